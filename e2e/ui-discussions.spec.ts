import { expect, test, type Page } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, liveStreamOpen, publishThroughApi, screenshot, uniqueSuffix, v1 } from "./helpers";

/**
 * The discussion panel, as a person uses it: on a change request, comment on a block (with a
 * mention), reply, react, edit, resolve, filter, jump back to the block, delete; a hostile comment
 * renders inert; and the space reader's panel, at laptop and phone widths, light and dark.
 */

test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const PAGE = `Quire keeps every change in a change request until it is merged.

Reviewers read the rendered diff before they approve.
`;

const CHANGED = `${PAGE}
Comments anchor to the block they are about.
`;

const HOSTILE = `<img src=x onerror="window.__pwned = 1"> [click me](javascript:window.__pwned=2) <script>window.__pwned = 3</script> **still bold**`;

const panel = (page: Page) => page.getByRole("complementary", { name: "Comments" });

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

test("discuss a change request's blocks, then the space reader's", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Talk ${uniqueSuffix()}`, "Handbook");
  const [pageId] = await publishThroughApi(request, token, spaceId, "First page", [{ operation: "insert_page", title: "Guide", document: { markdown: PAGE } }]);
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject: "Explain comments" })) as { id: string; number: number };
  await v1(request, token, "post", `${crs}/${changeRequest.id}/content`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: CHANGED } }] });

  await page.goto(`${spacePath}/change-requests/${changeRequest.number}`);
  const diff = page.getByRole("region", { name: "Rendered changes of Guide" });
  const block = diff.locator("[data-block-key]").filter({ hasText: "Comments anchor to the block" });

  await test.step("comment on an added block, mentioning someone, sent with Ctrl+Enter", async () => {
    await block.hover();
    await page.getByRole("button", { name: "Comment on: Comments anchor to the block they are about." }).click();
    const box = panel(page).getByRole("textbox", { name: "Comment on this block" });
    await expect(box).toBeFocused();
    await box.pressSequentially("Should we say more? cc @");
    const people = panel(page).getByRole("listbox", { name: "People to mention" });
    await expect(people.getByRole("option").first()).toBeVisible();
    await box.press("Enter");
    await expect(box).toHaveValue(/cc @\[[^\]]+\]\(mention:[^)]+\) $/);
    await box.press("Control+Enter");
    const thread = panel(page).getByRole("article");
    await expect(thread).toHaveCount(1);
    await expect(thread.getByText("Should we say more?")).toBeVisible();
    await expect(thread.locator("[data-mention]")).toHaveText(/^@\S/);
    await expect(page.getByRole("button", { name: /^1 open thread on: Comments anchor/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Comments 1 open" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "discussions-change-request-1280");
  });

  const thread = panel(page).getByRole("article").filter({ hasText: "Should we say" });

  await test.step("reply and react (the emoji picker by keyboard)", async () => {
    await thread.getByRole("button", { name: "Reply" }).click();
    await thread.getByRole("textbox", { name: "Reply" }).fill("Yes: one sentence on anchoring.");
    await thread.getByRole("button", { name: "Reply", exact: true }).last().click();
    await expect(thread.getByText("Yes: one sentence on anchoring.")).toBeVisible();
    await expect(thread.getByRole("button", { name: "1 reply" })).toBeVisible();

    await thread.getByRole("button", { name: "Add a reaction" }).first().click();
    const picker = thread.getByRole("group", { name: "Reactions" });
    await expect(picker.getByRole("button", { name: "Thumbs up" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(picker.getByRole("button", { name: "Hooray" })).toBeFocused();
    await page.keyboard.press("Enter");
    const chip = thread.getByRole("button", { name: /^Hooray: 1/ });
    await expect(chip).toHaveAttribute("aria-pressed", "true");
  });

  await test.step("edit the comment", async () => {
    await thread.getByRole("button", { name: "Edit comment" }).click();
    await thread.getByRole("textbox", { name: "Edit comment" }).fill("Should we say **more** here?");
    await thread.getByRole("button", { name: "Save" }).click();
    await expect(thread.locator("strong", { hasText: "more" })).toBeVisible();
    await expect(thread.getByText("(edited)")).toBeVisible();
  });

  await test.step("jump to the block: it is scrolled to and highlighted", async () => {
    await thread.getByRole("button", { name: "Jump to block" }).click();
    await expect(block).toHaveAttribute("data-comment-highlight", "");
    await expect(block).toBeInViewport();
  });

  await test.step("resolve, then filter: gone from Open, listed under Resolved, reopened", async () => {
    await thread.getByRole("button", { name: "Resolve" }).click();
    await expect(panel(page).getByText("No open comments on this change request.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Comments 0 open" })).toBeVisible();
    await panel(page).getByRole("button", { name: "Resolved", exact: true }).click();
    await expect(thread.getByText(/^Resolved by /)).toBeVisible();
    await thread.getByRole("button", { name: "Reopen" }).click();
    // Reopened, it leaves the Resolved list. (Shown before the reopening is saved, the All list's first
    // read can predate it, and the invalidation that follows joins that read rather than reading again.)
    await expect(thread).toHaveCount(0);
    await panel(page).getByRole("button", { name: "All", exact: true }).click();
    await expect(thread.getByRole("button", { name: "Resolve" })).toBeVisible();
  });

  await test.step("a hostile comment on the conversation renders inert", async () => {
    const box = panel(page).getByRole("textbox", { name: "Comment on this change request" });
    await box.fill(HOSTILE);
    await box.press("Control+Enter");
    const hostile = panel(page).getByRole("article").filter({ hasText: "still bold" });
    await expect(hostile.locator("strong")).toHaveText("still bold");
    await expect(hostile.locator("img, script")).toHaveCount(0);
    await expect(hostile.getByRole("link", { name: "click me" })).not.toHaveAttribute("href", /javascript/i);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(panel(page).getByRole("heading", { name: "Conversation" })).toBeVisible();
  });

  await test.step("another browser with the panel open sees a new comment without reloading (the space's live stream)", async () => {
    // The same admin in another browser context (its own page, session and stream).
    const other = await (await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // Its screen follows the space from here (the stream subscribes before it answers).
    await Promise.all([liveStreamOpen(other, spaceId), other.goto(`${spacePath}/change-requests/${changeRequest.number}`)]);
    await other.getByRole("button", { name: /^Comments/ }).click();
    await expect(panel(other).getByText("still bold")).toBeVisible();
    const box = panel(page).getByRole("textbox", { name: "Comment on this change request" });
    await box.fill("Seen live?");
    await box.press("Control+Enter");
    await expect(panel(other).getByText("Seen live?")).toBeVisible();
    await other.context().close();
  });

  await test.step("delete the block's thread, after confirming", async () => {
    await thread.getByRole("button", { name: "Delete comment" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this comment?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(panel(page).getByText("Should we say")).toHaveCount(0);
    await expect(panel(page).getByRole("article")).toHaveCount(2);
  });

  await test.step("the space reader: comment on a block of the page; its marker opens the thread", async () => {
    await page.goto(`${spacePath}/p/${pageId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Guide" })).toBeVisible();
    await page.getByRole("button", { name: "Comments 0 open" }).click();
    await expect(panel(page).getByText("No open comments on this page.")).toBeVisible();
    const paragraph = page.locator("article [data-block-key]").filter({ hasText: "Reviewers read the rendered diff" });
    await paragraph.hover();
    await page.getByRole("button", { name: "Comment on: Reviewers read the rendered diff before they approve." }).click();
    await panel(page).getByRole("textbox", { name: "Comment on this block" }).fill("Which diff: rendered or source?");
    await panel(page).getByRole("button", { name: "Comment", exact: true }).first().click();
    await expect(panel(page).getByRole("article")).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "discussions-reader-1280");
    await panel(page).getByRole("button", { name: "Close comments" }).click();
    await page.getByRole("button", { name: /^1 open thread on: Reviewers read/ }).click();
    await expect(panel(page).getByText("Threads on one block")).toBeVisible();
    await expect(panel(page).getByText("Which diff: rendered or source?")).toBeVisible();
  });

  await test.step("dark theme, tablet and phone widths: the panel is a drawer over the page", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await page.getByRole("button", { name: "Comments 1 open" }).click();
    await expect(panel(page).getByText("Which diff: rendered or source?")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "discussions-reader-dark-1280");
    await page.setViewportSize({ width: 820, height: 1000 });
    await screenshot(page, "discussions-reader-dark-820");
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(panel(page)).toBeInViewport();
    await screenshot(page, "discussions-reader-dark-390");
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Comments 1 open" })).toBeFocused();
  });
});
