import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, screenshot, screenshotsAcross, uniqueSuffix, v1 } from "./helpers";

/**
 * A merge that conflicts, as a reviewer meets it: the review screen lists the conflicting page
 * by its title, the fields in conflict with both values, and each conflicting block rendered, the
 * space's version beside the change request's with the words that differ highlighted; then the
 * conflicts are resolved block by block (both versions, a side, the block written in the block
 * editor) and the change request merges. The content is prepared through /v1, as an API client
 * would write it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

const api = (request: APIRequestContext, method: "get" | "post", path: string, data?: unknown) => v1(request, token, method, path, data);

/** A page, then two change requests editing it (and its title) as `main` and `mine` say: the first is merged; the second's number. */
async function conflictingEdits(request: APIRequestContext, spaceId: string, base: string, edits: { main: [string, string][]; mine: [string, string][] }) {
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const open = async (subject: string) => (await api(request, "post", crs, { subject })) as { id: string; number: number };
  const apply = (cr: { id: string }, changes: unknown[]) => api(request, "post", `${crs}/${cr.id}/content?compat=false`, { changes });
  const edited = (replacements: [string, string][]) => replacements.reduce((text, [from, to]) => text.replace(from, to), base);
  const first = await open("Add the uploads page");
  const inserted = await apply(first, [{ operation: "insert_page", title: "Uploads", document: { markdown: base } }]);
  const pageId: string = inserted.changes[0].page.id;
  await api(request, "post", `${crs}/${first.id}/merge`);
  const [theirs, mine] = [await open("Their wording"), await open("My wording")];
  await apply(theirs, [{ operation: "update_page", page: pageId, title: "Uploading files", description: "Limits; sizes", document: { markdown: edited(edits.main) } }]);
  await apply(mine, [{ operation: "update_page", page: pageId, title: "File uploads", description: 'What "forever" means', document: { markdown: edited(edits.mine) } }]);
  await api(request, "post", `${crs}/${theirs.id}/merge`);
  return { pageId, number: mine.number };
}

const BASE = "Uploads start in the editor.\n\n- Pick a file to send.\n- Wait for the upload.\n\nFiles are kept forever.\n\nAsk an admin for help.\n";
const EDITS = {
  // Main and this change request change the same words of the first and last paragraphs; main deletes the item this one edits.
  main: [["in the editor", "in the sidebar"], ["- Wait for the upload.\n", ""], ["kept forever", "kept for a year"]] as [string, string][],
  // Its own edit of the last paragraph is to other words: it merges.
  mine: [["in the editor", "in the toolbar"], ["Wait for the upload.", "Wait for the upload to finish."], ["kept forever", "kept until deleted"], ["an admin", "your admin"]] as [string, string][],
};

/** Each version of a block as shown: its caption, its rendered text (or what says it was deleted), and the words highlighted in it. */
async function sides(block: Locator) {
  const figures = block.getByRole("figure");
  return Promise.all(
    [0, 1].map(async (index) => {
      const figure = figures.nth(index);
      const body = figure.locator("figcaption + *");
      return {
        caption: await figure.locator("figcaption").innerText(),
        text: (await body.innerText()).replace(/\s+/g, " ").trim(),
        marked: await body.locator("mark").allTextContents(),
      };
    }),
  );
}

test("a conflicting merge lists each conflicting block, rendered side by side with the differing words highlighted", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Conflicts ${uniqueSuffix()}`, "Handbook");
  const { number } = await conflictingEdits(request, spaceId, BASE, EDITS);

  await page.goto(`${spacePath}/change-requests/${number}`);
  await page.getByRole("button", { name: "Merge", exact: true }).click();
  const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /cannot be merged/ }) });
  // The page by its title in the space (main).
  const item = alert.getByRole("list", { name: "Conflicts" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Uploading files", exact: true }) });
  await expect(item).toContainText("In conflict: text, title, description");
  const description = item.getByRole("table", { name: "Fields set differently" }).getByRole("row", { name: /^Description/ });
  await expect(description.getByRole("cell")).toHaveText(["Limits; sizes", 'What "forever" means']);

  await expect(item).toContainText("3 blocks of its text were changed both here and in the space:");
  const blocks = item.getByRole("list", { name: "Conflicting blocks" }).locator(":scope > li");
  await expect(blocks).toHaveCount(3);
  await expect(blocks.nth(0)).toContainText("The same words of this paragraph were changed differently here and in the space.");
  expect(await sides(blocks.nth(0))).toEqual([
    { caption: "In the space (main)", text: "Uploads start in the sidebar.", marked: ["sidebar"] },
    { caption: "In this change request", text: "Uploads start in the toolbar.", marked: ["toolbar"] },
  ]);
  await expect(blocks.nth(1)).toContainText("This list item was deleted in the space and changed in this change request.");
  // Rendered as the reader shows it: a list item; and the side that deleted it says so.
  expect((await sides(blocks.nth(1)))[0]).toEqual({ caption: "In the space (main)", text: "Deleted in the space.", marked: [] });
  await expect(blocks.nth(1).getByRole("figure").nth(1).getByRole("listitem")).toHaveText("Wait for the upload to finish.");
  // The last paragraph merged (different words), so it is not listed.
  await expect(item).not.toContainText("Ask");
  await expectNoSeriousAxeViolations(page);
  await alert.scrollIntoViewIfNeeded();
  await screenshot(page, "conflicts-merge-1280");
});

test("conflicts resolved block by block — both versions, a side, one written in the block editor — then merged: main has the result", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Resolve ${uniqueSuffix()}`, "Handbook");
  const { pageId, number } = await conflictingEdits(request, spaceId, BASE, EDITS);

  const resolver = page.getByRole("region", { name: "Resolve the conflicts with the space's content" });
  const block = (index: number) => resolver.getByRole("group", { name: new RegExp(`^Text conflict ${index} of 3`) });
  await test.step("merging conflicts; the conflict view offers to resolve them", async () => {
    await page.goto(`${spacePath}/change-requests/${number}`);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /cannot be merged/ }) });
    await alert.getByRole("button", { name: "Resolve the conflicts" }).click();
    await expect(resolver).toBeVisible();
    // Focus moves to the resolution, so that a keyboard or screen reader user lands in it.
    await expect(resolver.getByRole("heading", { level: 2 })).toBeFocused();
    // Cancel goes back to the list, the keyboard on the button that opened the resolution.
    await resolver.getByRole("button", { name: "Cancel" }).click();
    await expect(alert.getByRole("button", { name: "Resolve the conflicts" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(resolver.getByRole("heading", { level: 2 })).toBeFocused();
    // Three blocks, the title and the description.
    await expect(resolver.getByRole("status")).toHaveText("5 conflicts left to resolve.");
  });

  await test.step("each conflicting block is rendered on both sides, the words that differ highlighted", async () => {
    expect(await sides(block(1))).toEqual([
      { caption: "In the space (main)", text: "Uploads start in the sidebar.", marked: ["sidebar"] },
      { caption: "In this change request", text: "Uploads start in the toolbar.", marked: ["toolbar"] },
    ]);
    await expect(block(2)).toContainText("This list item was deleted in the space and changed in this change request.");
    // Where main deleted it, the change request's item is compared with the item before both changes.
    expect(await sides(block(2))).toEqual([
      { caption: "In the space (main)", text: "Deleted in the space.", marked: [] },
      { caption: "In this change request", text: "Wait for the upload to finish.", marked: ["to finish"] },
    ]);
    await expect(block(2).getByRole("radiogroup").locator("label")).toHaveText(["Leave it deleted, as in the space", "Take this change request's", "Write it"]);
    await expect(block(3).getByRole("radiogroup").locator("label")).toHaveText(["Take the space's", "Take this change request's", "Take both", "Write it"]);
  });

  await test.step("both versions for the first, the change request's item, the last written in the block editor", async () => {
    // Keyboard: a block's first choice is reached with Tab and chosen with Space.
    const both = block(1).getByRole("radio", { name: "Take both" });
    await both.focus();
    await page.keyboard.press("Space");
    await expect(both).toBeChecked();
    await expect(block(1)).toContainText("Both stay, as two separate blocks: the space's first, then this change request's.");
    await block(2).getByRole("radio", { name: "Take this change request's" }).check();
    await block(3).getByRole("radio", { name: "Write it" }).check();
    // Rich text, starting from the change request's version.
    const editor = block(3).getByRole("textbox", { name: "Text conflict 3 of 3, paragraph, as written" });
    await expect(editor).toHaveText("Files are kept until deleted.");
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" Or for a year, at most.");
    await expect(editor).toHaveText("Files are kept until deleted. Or for a year, at most.");
    await resolver.getByRole("group", { name: "Title" }).getByRole("radio", { name: /Take this change request's/ }).check();
    await resolver.getByRole("group", { name: "Description" }).getByRole("radio", { name: /Take main's/ }).check();
    await expect(resolver.getByRole("status")).toHaveText("All conflicts are resolved.");
  });

  await test.step("axe-clean in light and dark, at 1280, 768 and 390 px", async () => {
    await block(1).scrollIntoViewIfNeeded();
    await screenshotsAcross(page, "conflicts-resolve", expectNoSeriousAxeViolations);
    // All three blocks, the last written in the editor (the README's pictures), and on a phone.
    for (const [width, scheme] of [[1280, "light"], [1280, "dark"], [390, "light"]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await block(3).scrollIntoViewIfNeeded();
      await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await screenshot(page, `conflicts-resolve-write-${width}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("resolving updates the change request; then it merges, and main has the resolved content", async () => {
    await resolver.getByRole("button", { name: "Resolve and update" }).click();
    await expect(page.getByText("Conflicts resolved: this change request now has the space's latest content, and can be merged.")).toBeVisible();
    await expect(resolver).toHaveCount(0);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await expect(page.getByText(`Change request #${number} merged.`)).toBeVisible();
    const main = await api(request, "get", `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
    expect(main.markdown).toBe(
      "Uploads start in the sidebar.\n\nUploads start in the toolbar.\n\n- Pick a file to send.\n- Wait for the upload to finish.\n\nFiles are kept until deleted. Or for a year, at most.\n\nAsk your admin for help.\n",
    );
    expect(main).toMatchObject({ title: "File uploads", description: "Limits; sizes" });
  });
});

test("a resolution made against content that moved on is refused with the fresh conflicts, written for people", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Stale ${uniqueSuffix()}`, "Handbook");
  const { pageId, number } = await conflictingEdits(request, spaceId, "One.\n\nTwo.\n", { main: [["One.", "One, main."]], mine: [["One.", "One, mine."]] });

  await page.goto(`${spacePath}/change-requests/${number}`);
  await page.getByRole("button", { name: "Update from main" }).click();
  await page.getByRole("button", { name: "Resolve the conflicts" }).click();
  const resolver = page.getByRole("region", { name: "Resolve the conflicts with the space's content" });
  await resolver.getByRole("radio", { name: "Take both" }).check();
  await resolver.getByRole("group", { name: "Title" }).getByRole("radio", { name: /Write it/ }).check();
  await resolver.getByRole("textbox", { name: "Title, written" }).fill("Our uploads");
  await resolver.getByRole("group", { name: "Description" }).getByRole("radio", { name: /Take this change request's/ }).check();

  // Meanwhile main moves on: another change request edits the same words.
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const later = (await api(request, "post", crs, { subject: "Later" })) as { id: string };
  await api(request, "post", `${crs}/${later.id}/content?compat=false`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: "One, main again.\n\nTwo.\n" } }] });
  await api(request, "post", `${crs}/${later.id}/merge`);

  await resolver.getByRole("button", { name: "Resolve and update" }).click();
  await expect(resolver.getByRole("alert")).toHaveText(/changed since these conflicts were found/);
  // The resolution starts again on the fresh versions.
  await expect(resolver.getByRole("group", { name: /^Text conflict 1 of 1/ }).getByRole("figure").nth(0)).toContainText("One, main again.");
  await expect(resolver.getByRole("status")).toHaveText("3 conflicts left to resolve.");
  await screenshot(page, "conflicts-resolve-stale-1280");
});
