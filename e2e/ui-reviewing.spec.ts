import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, joinThroughLinkInvite, publishThroughApi, screenshotsAcross, signedInPage, trpcMutation, uniqueSuffix, v1 } from "./helpers";

/**
 * Reviewing a change request (issue 23, part 5), as Ada, its author, with Bo, a reviewer who
 * requested changes: the diff shows which words of an edited paragraph changed, rendered and side
 * by side; the block comment buttons stay inside the page at 1280 px; the reaction picker takes a
 * mouse click on the emoji clicked; Merge asks before merging over a standing request for changes
 * and an open thread, and the merge closes the review's thread; a merge rule can then require
 * every thread resolved.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** Bo, who joins Ada's organization with the review role. */
async function reviewer(request: APIRequestContext, organizationId: string, suffix: string) {
  const person = { email: `bo-${suffix}@example.test`, password: `pw-${suffix}-long-enough`, displayName: `Bo ${suffix}` };
  await joinThroughLinkInvite(request, organizationId, "review", person);
  return person;
}

/** Whether the page scrolls sideways (a control past the right edge widens it). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The text under each range of a CSS highlight (the diff's word highlights). */
const highlighted = (page: Page, name: string) =>
  page.evaluate((highlight) => [...((CSS.highlights.get(highlight) as Set<Range> | undefined) ?? [])].map((range) => range.toString()), name);

test("review a change request: word-level and side-by-side diff, comment buttons in the page, reactions by mouse, Merge asks over outstanding feedback and closes the review's thread", async ({ browser, page: ada, request }) => {
  const suffix = uniqueSuffix();
  const { organizationId, spaceId, spacePath } = await createSpaceOverApi(request, `Reviewing ${suffix}`, "Birds");
  const token = adminApiToken();
  const [pageId] = await publishThroughApi(request, token, spaceId, "Herons", [
    { operation: "insert_page", title: "Herons", document: { markdown: "Grey herons wade in shallow water at dawn.\n\nThey eat fish.\n" } },
  ]);
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject: "Deeper water" })) as { id: string; number: number };
  await v1(request, token, "post", `${crs}/${changeRequest.id}/content`, {
    changes: [{ operation: "update_page", page: pageId, document: { markdown: "Grey herons wade in deep water at dawn.\n\nThey eat fish.\n" } }],
  });
  const thread = (await v1(request, token, "post", `${crs}/${changeRequest.id}/comments`, { body: { markdown: `Is deep right? ${suffix}` } })) as { id: string };
  const boCredentials = await reviewer(request, organizationId, suffix);
  const bo = await signedInPage(browser, boCredentials);
  await trpcMutation(bo.request, "reviews.submit", { spaceId, changeRequest: changeRequest.id, status: "changes-requested", markdown: "Please cite a source." });
  await bo.context().close();
  const reviewPath = `${spacePath}/change-requests/${changeRequest.number}`;

  await test.step("the diff marks the words that changed, rendered and side by side", async () => {
    await ada.goto(reviewPath);
    const rendered = ada.getByRole("region", { name: "Rendered changes of Herons" });
    await expect(rendered.getByRole("group", { name: "Changed" })).toContainText("deep water");
    await expect.poll(() => highlighted(ada, "quire-word-added")).toEqual(["deep"]);
    await expect.poll(() => highlighted(ada, "quire-word-removed")).toEqual(["shallow"]);
    expect(await scrollsSideways(ada)).toBe(false);
    await screenshotsAcross(ada, "review-word-diff", expectNoSeriousAxeViolations);

    await ada.getByRole("button", { name: "Side by side" }).click();
    const sideBySide = ada.getByRole("table", { name: "Source changes of Herons, side by side" });
    const edited = sideBySide.getByRole("row").filter({ hasText: "Removed line" });
    await expect(edited.locator('[data-side="before"] del')).toHaveText("shallow");
    await expect(edited.locator('[data-side="after"] ins')).toHaveText("deep");
    await screenshotsAcross(ada, "review-side-by-side", expectNoSeriousAxeViolations);
    await ada.getByRole("button", { name: "Source", exact: true }).click();
    await expect(ada.getByRole("table", { name: "Source changes of Herons" }).locator("ins")).toHaveText("deep");
    await ada.getByRole("button", { name: "Rendered" }).click();
  });

  await test.step("the reaction picker: the emoji clicked is the one added", async () => {
    await ada.getByRole("button", { name: /^Comments/ }).click();
    const article = ada.getByRole("complementary", { name: "Comments" }).getByRole("article").filter({ hasText: `Is deep right? ${suffix}` });
    await article.getByRole("button", { name: "Add a reaction" }).first().click();
    const picker = article.getByRole("group", { name: "Reactions" });
    // Each emoji is a box of its own: the click lands on the one aimed at.
    const boxes = await picker.getByRole("button").evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().width));
    expect(Math.min(...boxes)).toBeGreaterThanOrEqual(24);
    await picker.getByRole("button", { name: "Thumbs up" }).click();
    await expect(article.getByRole("button", { name: /^Thumbs up: 1/ })).toHaveAttribute("aria-pressed", "true");
    await expect(article.getByRole("button", { name: /^Laugh/ })).toHaveCount(0);
    expect(await scrollsSideways(ada)).toBe(false);
    await expectNoSeriousAxeViolations(ada);
  });

  await test.step("Merge asks first, naming the request for changes and the open thread; Cancel keeps it open", async () => {
    await ada.getByRole("button", { name: "Merge", exact: true }).click();
    const dialog = ada.getByRole("dialog", { name: "Merge with feedback outstanding?" });
    await expect(dialog).toContainText(`${boCredentials.displayName} requested changes.`);
    await expect(dialog).toContainText("1 thread is open.");
    await screenshotsAcross(ada, "review-merge-confirm", async (page) => {
      await expect(dialog).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await ada.getByRole("button", { name: "Merge", exact: true }).click();
    await dialog.getByRole("button", { name: "Merge anyway" }).click();
    await expect(ada.getByText(`Change request #${changeRequest.number} merged.`)).toBeVisible();
    // The review's thread closed with the merge; Ada's own question stays open.
    const comments = (await v1(request, token, "get", `${crs}/${changeRequest.id}/comments`)) as { items: { id: string; status: string; body: unknown }[] };
    const statuses = Object.fromEntries(comments.items.map((comment) => [comment.id === thread.id ? "question" : "review", comment.status]));
    expect(statuses).toEqual({ question: "open", review: "resolved" });
  });

  await test.step("a merge rule requires every thread resolved: Merge waits, and says why", async () => {
    await ada.goto(spacePath);
    const rules = ada.getByRole("form", { name: "Merge rules" });
    await rules.getByRole("radio", { name: /This space's own rules/ }).check();
    await rules.getByRole("checkbox", { name: "All threads resolved" }).check();
    await rules.getByRole("button", { name: "Save changes" }).click();
    await expect(rules.getByText("Settings saved")).toBeVisible();
    await screenshotsAcross(ada, "merge-rules-threads", expectNoSeriousAxeViolations);
    const next = (await v1(request, token, "post", crs, { subject: "One more" })) as { id: string; number: number };
    await v1(request, token, "post", `${crs}/${next.id}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: "Grey herons wade.\n" } }] });
    await v1(request, token, "post", `${crs}/${next.id}/comments`, { body: { markdown: "Still open." } });
    await ada.goto(`${spacePath}/change-requests/${next.number}`);
    const merge = ada.getByRole("button", { name: "Merge", exact: true });
    await expect(merge).toHaveAttribute("aria-disabled", "true");
    await expect(merge).toHaveAccessibleDescription("Every thread must be resolved before merging; 1 is open.");
  });

  await test.step("the page's block comment buttons stay inside the page at 1280 px", async () => {
    await ada.goto(`${spacePath}/p/${pageId}`);
    const block = ada.locator("[data-block-key]").first();
    await block.hover();
    const button = ada.getByRole("button", { name: /^Comment on:/ }).first();
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(await scrollsSideways(ada)).toBe(false);
  });
});
