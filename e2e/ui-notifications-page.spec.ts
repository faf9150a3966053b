import { expect, test } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, joinThroughLinkInvite, screenshotsAcross, signedInPage, trpcMutation, uniqueSuffix, v1 } from "./helpers";

/**
 * The full inbox (issue 24, part 6): a comment on a page of the admin's space and a mention reach
 * them as plain text, and /notifications narrows the list by space and by kind.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test("the inbox page lists comments on your spaces and mentions as plain text, filtered by space and kind", async ({ page, browser, request }) => {
  const suffix = uniqueSuffix();
  const { organizationId, spaceId } = await createSpaceOverApi(request, `Inbox ${suffix}`, `Handbook ${suffix}`);
  const adminId = ((await v1(request, adminApiToken(), "get", "/v1/user")) as { id: string }).id;
  const writer = { email: `writer-${suffix}@example.test`, password: `pw-${suffix}-long-enough`, displayName: `Wren ${suffix}` };
  await joinThroughLinkInvite(request, organizationId, "edit", writer);
  const writerPage = await signedInPage(browser, writer);
  const token = (await trpcMutation<{ token: string }>(writerPage.context().request, "tokens.create", { name: "Inbox e2e" })).token;
  await v1(request, token, "post", `/v1/spaces/${spaceId}/comments`, { body: { markdown: "A **bold** idea on [the intro](https://example.com/intro)" } });
  await v1(request, token, "post", `/v1/spaces/${spaceId}/comments`, { body: { markdown: `@[Admin](mention:${adminId}) could you check \`the code\`?` } });
  await writerPage.context().close();

  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // Other specs notify the seeded admin too: this space's filter keeps to this test's two.
  await page.getByLabel("Space").selectOption({ label: `Handbook ${suffix}` });
  const entries = page.getByRole("main").getByRole("list").getByRole("link");
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: `Wren ${suffix} commented on a page of Handbook ${suffix}` })).toContainText("A bold idea on the intro");
  await expect(entries.filter({ hasText: "mentioned you" })).toContainText("@Admin could you check the code?");

  await page.getByRole("button", { name: "Mentions" }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("mentioned you");
  await screenshotsAcross(page, "notifications-page", expectNoSeriousAxeViolations);
});
