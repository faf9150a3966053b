import { expect, test, type Page } from "@playwright/test";
import {
  adminApiToken,
  createSpaceOverApi,
  expectNoSeriousAxeViolations,
  expectNotice,
  joinThroughLinkInvite,
  keepNoticesOf,
  liveHubListening,
  liveStreamOpen,
  publishThroughApi,
  screenshot,
  signedOut,
  signInOverHttp,
  trpcMutation,
  uniqueSuffix,
  v1,
} from "./helpers";

/**
 * A review with two people at once, each in their own browser: Ada (the seeded admin) opens a
 * change request in a space that needs one approval; Bo, a reviewer, has it open too. Ada comments
 * on a block; Bo sees the comment arrive without reloading, replies, reacts, resolves the thread
 * and approves; Ada, notified, sees Merge become possible and merges.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test("two people review a change request: a comment arrives live, the reviewer answers and approves, the author merges once the rule is met", async ({ browser, page: ada, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, organizationId, spaceId } = await createSpaceOverApi(request, `Reviews ${suffix}`, "Handbook");
  await keepNoticesOf(ada);
  const token = adminApiToken();

  // A page on main, and a change request that rewrites it.
  const [pageId] = await publishThroughApi(request, token, spaceId, "Start the guide", [
    { operation: "insert_page", title: "Guide", document: { markdown: "Quire keeps every change in a change request.\n\nReviewers approve it.\n" } },
  ]);
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject: "Explain approvals" })) as { id: string; number: number };
  await v1(request, token, "post", `${crs}/${changeRequest.id}/content`, {
    changes: [{ operation: "update_page", page: pageId, document: { markdown: "Quire keeps every change in a change request.\n\nOne approval is enough to merge.\n" } }],
  });
  // Setup the UI has no screen for, or not one of this spec: a tRPC mutation with Ada's session.
  await trpcMutation(ada.context().request, "mergeRules.updateForSpace", { spaceId, requiredApprovals: 1 });
  // A new member with the review role, through a link invite (as a person would join).
  const boCredentials = { email: `bo-${suffix}@example.test`, password: `pw-${suffix}-long-enough`, displayName: `Bo ${suffix}` };
  await joinThroughLinkInvite(request, organizationId, "review", boCredentials);
  const reviewPath = `${spacePath}/change-requests/${changeRequest.number}`;

  // Bo works in the dark theme: the review screen is checked in both.
  const boContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "dark", ...signedOut });
  await signInOverHttp(boContext, boCredentials);
  const bo = await boContext.newPage();

  await test.step("Ada submits it for review: Merge waits for an approval, and says so", async () => {
    // Ada's screen follows the change request and her inbox (the server's listening is checked with Bo's).
    await Promise.all([liveStreamOpen(ada, spaceId), liveStreamOpen(ada), ada.goto(reviewPath)]);
    await ada.getByRole("button", { name: "Submit for review" }).click();
    await expectNotice(ada, "Submitted for review.");
    const merge = ada.getByRole("button", { name: "Merge", exact: true });
    await expect(merge).toBeDisabled();
    await expect(merge).toHaveAccessibleDescription(/approval/i);
    await expect(ada.getByRole("region", { name: "Reviews" }).getByRole("status")).toHaveText("0 of 1 approval");
    // The author gives no verdict on their own change request: a comment only.
    await ada.getByRole("button", { name: "Review", exact: true }).click();
    const dialog = ada.getByRole("dialog", { name: "Review this change request" });
    await expect(dialog.getByRole("radio")).toHaveCount(1);
    await expect(dialog.getByRole("radio", { name: /Comment/ })).toBeChecked();
    await dialog.getByRole("button", { name: "Post comment" }).click();
    await expect(dialog.getByText("Write the comment to post.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expectNoSeriousAxeViolations(ada);
    await screenshot(ada, "reviews-waiting-1280");
    await ada.setViewportSize({ width: 390, height: 844 });
    await expect(merge).toBeVisible();
    await screenshot(ada, "reviews-waiting-390");
    await ada.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("Ada asks Bo to review", async () => {
    const reviews = ada.getByRole("region", { name: "Reviews" });
    await reviews.getByLabel("Ask someone to review").fill("Bo");
    await reviews.getByRole("button", { name: `Ask ${boCredentials.displayName}` }).click();
    await expect(reviews.getByRole("list", { name: "Requested reviewers" })).toContainText(boCredentials.displayName);
  });

  await test.step("Bo opens the change request in his own browser", async () => {
    // Bo's screen follows the change request from here: its live stream is open and the server listens.
    await Promise.all([liveStreamOpen(bo, spaceId), bo.goto(reviewPath)]);
    await liveHubListening(bo);
    await expect(bo.getByRole("heading", { name: /Explain approvals/ })).toBeVisible();
    await expect(bo.getByRole("region", { name: "Reviews" }).getByRole("list", { name: "Requested reviewers" })).toContainText(boCredentials.displayName);
    await bo.getByRole("button", { name: "Comments 0 open" }).click();
    await expect(bo.getByRole("complementary", { name: "Comments" })).toBeVisible();
  });

  const comment = `Should we say who may approve? ${suffix}`;
  const panel = (page: Page) => page.getByRole("complementary", { name: "Comments" });
  await test.step("Ada comments on a block; the comment reaches Bo's screen without a reload", async () => {
    const block = ada.getByRole("region", { name: "Rendered changes of Guide" }).locator("[data-block-key]").filter({ hasText: "One approval is enough to merge." });
    await block.hover();
    await ada.getByRole("button", { name: "Comment on: One approval is enough to merge." }).click();
    const box = panel(ada).getByRole("textbox", { name: "Comment on this block" });
    await box.fill(comment);
    const posted = ada.waitForResponse((response) => response.url().includes("comments.post") && response.request().method() === "POST");
    await box.press("Control+Enter");
    expect((await posted).ok()).toBe(true);
    const sent = Date.now();
    await expect(panel(bo).getByRole("article").filter({ hasText: comment })).toBeVisible({ timeout: 5_000 });
    const delay = Date.now() - sent;
    console.log(`The comment reached the other user's screen ${delay} ms after the post answered.`);
    test.info().annotations.push({ type: "comment delay (ms)", description: String(delay) });
  });

  await test.step("Bo replies, reacts and resolves the thread", async () => {
    const thread = panel(bo).getByRole("article").filter({ hasText: comment });
    await thread.getByRole("button", { name: "Reply" }).click();
    await thread.getByRole("textbox", { name: "Reply" }).fill("Yes: anyone with the review role.");
    await thread.getByRole("button", { name: "Reply", exact: true }).last().click();
    await expect(thread.getByText("Yes: anyone with the review role.")).toBeVisible();
    await thread.getByRole("button", { name: "Add a reaction" }).first().click();
    // The picker opens on its first emoji (a roving focus): Enter picks it.
    await expect(thread.getByRole("group", { name: "Reactions" }).getByRole("button", { name: "Thumbs up" })).toBeFocused();
    await bo.keyboard.press("Enter");
    await expect(thread.getByRole("button", { name: /^Thumbs up: 1/ })).toHaveAttribute("aria-pressed", "true");
    // Ada sees the reply arrive too (her thread shows the count; its replies open on demand).
    await expect(panel(ada).getByRole("article").filter({ hasText: comment }).getByRole("button", { name: "1 reply" })).toBeVisible({ timeout: 5_000 });
    await thread.getByRole("button", { name: "Resolve" }).click();
    await expect(panel(bo).getByText(comment)).toBeHidden();
    await expect(panel(ada).getByText(comment)).toBeHidden({ timeout: 5_000 });
  });

  await test.step("Bo approves; Ada sees Merge become possible without a reload, and merges", async () => {
    const reviews = bo.getByRole("region", { name: "Reviews" });
    await reviews.getByRole("button", { name: "Review", exact: true }).click();
    const dialog = bo.getByRole("dialog", { name: "Review this change request" });
    await dialog.getByRole("radio", { name: /Approve/ }).check();
    await dialog.getByLabel("Message (optional)").fill("Clear and **short**.");
    await expectNoSeriousAxeViolations(bo);
    await screenshot(bo, "reviews-dialog-1280");
    await dialog.getByRole("button", { name: "Submit review" }).click();
    await expect(dialog).toBeHidden();
    await expect(reviews.getByRole("status")).toHaveText("1 of 1 approval");
    const given = reviews.getByRole("list", { name: "Reviews" }).getByRole("listitem");
    await expect(given).toHaveCount(1);
    await expect(given).toContainText(boCredentials.displayName);
    await expect(given).toContainText("Approved");
    // The message is the review's own comment, rendered with it.
    await expect(given.locator("strong")).toHaveText("short");
    await expectNoSeriousAxeViolations(bo);
    await screenshot(bo, "reviews-approved-1280");
    for (const width of [800, 390]) {
      await bo.setViewportSize({ width, height: 900 });
      await screenshot(bo, `reviews-approved-${width}`);
    }

    // It is a comment on the change request too, so the discussion shows it.
    await expect(panel(bo).getByRole("article").filter({ hasText: "Clear and" }).locator("strong")).toHaveText("short");

    // Ada is notified, and Merge becomes possible on her screen.
    await expect(ada.getByRole("button", { name: /^Notifications, \d+ unread$/ })).toBeVisible({ timeout: 5_000 });
    const merge = ada.getByRole("button", { name: "Merge", exact: true });
    await expect(merge).toBeEnabled({ timeout: 5_000 });
    await expect(merge).not.toHaveAttribute("aria-describedby");
    await expect(ada.getByRole("region", { name: "Reviews" }).getByRole("status")).toHaveText("1 of 1 approval");
    await merge.click();
    await expectNotice(ada, `Change request #${changeRequest.number} merged.`);
    await screenshot(ada, "reviews-merged-1280");
  });

  await boContext.close();
});
