import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, publishThroughApi, screenshot, screenshotsAcross, sidebar, uniqueSuffix, v1 } from "./helpers";

/**
 * The editor's page tree (drag and drop with the mouse, folding, renaming in place, a page's menu,
 * the keyboard moves), editing a space live, and the frame around a space: the organization
 * sidebar folds and stays folded, and the space's header is the same on every tab (issue 23, part 2).
 */

test.use({ viewport: { width: 1280, height: 900 } });

type TreePage = { title: string; pages?: TreePage[] };
/** A content tree as "title" lines, two spaces of indent a level. */
const outline = (pages: TreePage[], depth = 0): string[] => pages.flatMap((page) => [`${"  ".repeat(depth)}${page.title}`, ...outline(page.pages ?? [], depth + 1)]);

const saved = (page: Page) => page.getByRole("status").filter({ hasText: /^Saved$/ });

/** The tree's row of a page, by its exact title (a New or Edited badge may follow it). */
function row(tree: Locator, title: string): Locator {
  const escaped = title.replace(/[()]/g, "\\$&");
  return tree.locator("li[data-row-key]").filter({ has: tree.page().getByRole("button", { name: new RegExp(`^${escaped}( (New|Edited))?$`) }) });
}

/** Drags a row with the mouse (pressed 40 px into its title) to `to`, through a few moves, checking the drop line shows before letting go. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = (await from.locator("[data-page-key]").boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 44, box.y + box.height / 2 + 8, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await expect(page.locator("[data-drop-indicator]")).toBeVisible();
  await page.mouse.up();
  await expect(page.locator("[data-drop-indicator]")).toHaveCount(0);
}

test("arrange a change request's pages in the tree: drag with the mouse to nest and to take out, fold, rename in place, the page menu, Alt+arrows", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { spaceId, spacePath } = await createSpaceOverApi(request, `Tree ${uniqueSuffix()}`, "Handbook");
  const token = adminApiToken();
  await publishThroughApi(request, token, spaceId, "Pages", ["Alpha", "Beta", "Gamma"].map((title) => ({ operation: "insert_page", title, document: { markdown: `About ${title}.` } })));
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject: "Rearrange" })) as { id: string; number: number };
  await page.goto(`${spacePath}/change-requests/${changeRequest.number}/edit`);
  const tree = page.getByRole("complementary", { name: "Pages of the change request" });
  const order = () => tree.locator("li[data-row-key] [data-page-key]").evaluateAll((buttons) => buttons.map((button) => `${" ".repeat(Number.parseInt((button.closest("li") as HTMLElement).style.paddingLeft) / 8)}${button.querySelector("span[id]")?.textContent}`));
  await expect.poll(order).toEqual(["Introduction", "Alpha", "Beta", "Gamma"]);

  await test.step("drag Gamma onto the top of Beta, pointer moved right: it becomes Alpha's subpage", async () => {
    const beta = (await row(tree, "Beta").boundingBox())!;
    const gamma = (await row(tree, "Gamma").locator("[data-page-key]").boundingBox())!;
    await drag(page, row(tree, "Gamma"), { x: gamma.x + 40 + 24, y: beta.y + 4 });
    await expect.poll(order).toEqual(["Introduction", "Alpha", "  Gamma", "Beta"]);
    await screenshot(page, "page-tree-nested-1280");
  });

  await test.step("Alpha's chevron folds its subpages away and back", async () => {
    const chevron = row(tree, "Alpha").getByRole("button", { name: "Subpages" });
    await expect(chevron).toHaveAttribute("aria-expanded", "true");
    await chevron.click();
    await expect(row(tree, "Gamma")).toHaveCount(0);
    await chevron.click();
    await expect(row(tree, "Gamma")).toBeVisible();
  });

  await test.step("drag Gamma below the last page, pointer moved left: back at the top level, last", async () => {
    const beta = (await row(tree, "Beta").boundingBox())!;
    const gamma = (await row(tree, "Gamma").locator("[data-page-key]").boundingBox())!;
    await drag(page, row(tree, "Gamma"), { x: gamma.x + 40 - 24, y: beta.y + beta.height + 6 });
    await expect.poll(order).toEqual(["Introduction", "Alpha", "Beta", "Gamma"]);
  });

  await test.step("rename Beta in place: double-click, type, Enter", async () => {
    await row(tree, "Beta").getByRole("button", { name: /^Beta/ }).dblclick();
    const input = tree.getByRole("textbox", { name: "Rename Beta" });
    await expect(input).toBeFocused();
    await input.fill("Bravo");
    await input.press("Enter");
    await expect(row(tree, "Bravo")).toBeVisible();
    // Escape gives up a rename.
    await row(tree, "Bravo").getByRole("button", { name: /^Bravo/ }).focus();
    await page.keyboard.press("F2");
    await tree.getByRole("textbox", { name: "Rename Bravo" }).fill("Nope");
    await page.keyboard.press("Escape");
    await expect(row(tree, "Bravo")).toBeVisible();
  });

  await test.step("the page menu, on a right click: duplicate, new subpage, copy link, delete", async () => {
    await row(tree, "Alpha").getByRole("button", { name: /^Alpha/ }).click({ button: "right" });
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "page-tree-menu-1280");
    await menu.getByRole("menuitem", { name: "Duplicate" }).click();
    await expect(row(tree, "Alpha (copy)")).toHaveAttribute("class", /bg-indigo-50/);

    await row(tree, "Alpha (copy)").getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "New subpage" }).click();
    await page.getByLabel("Page title").fill("Child");
    await expect(row(tree, "Child")).toBeVisible();

    await row(tree, "Alpha").getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied.")).toBeVisible();
    const alphaKey = await row(tree, "Alpha").getAttribute("data-row-key");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/change-requests/${changeRequest.number}/edit\\?page=${alphaKey}$`));

    await row(tree, "Alpha (copy)").getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete “Alpha (copy)”?" });
    await expect(dialog).toContainText("its 1 subpage");
    await dialog.getByRole("button", { name: "Delete page" }).click();
    await expect(row(tree, "Alpha (copy)")).toHaveCount(0);
  });

  await test.step("the keyboard moves are kept: Alt+ArrowUp, Alt+ArrowRight", async () => {
    await row(tree, "Gamma").getByRole("button", { name: /^Gamma/ }).focus();
    await page.keyboard.press("Alt+ArrowUp");
    await page.keyboard.press("Alt+ArrowRight");
    await expect.poll(order).toEqual(["Introduction", "Alpha", "  Gamma", "Bravo"]);
    await expect(row(tree, "Gamma").getByRole("button", { name: /^Gamma/ })).toBeFocused();
  });

  await test.step("it all saves: the change request's content has the new tree", async () => {
    await expect(saved(page)).toBeVisible();
    const content = (await v1(request, token, "get", `${crs}/${changeRequest.id}/content`)) as { pages: TreePage[] };
    expect(outline(content.pages)).toEqual(["Introduction", "Alpha", "  Gamma", "Bravo"]);
    await screenshotsAcross(page, "page-tree", expectNoSeriousAxeViolations);
  });
});

test("edit a space live: Edit opens the editor on its content, saves reach readers, and the session is one history entry", async ({ page, request }) => {
  const { spaceId, spacePath } = await createSpaceOverApi(request, `Live ${uniqueSuffix()}`, "Notes");
  const token = adminApiToken();
  const [pageId] = await publishThroughApi(request, token, spaceId, "A page", [{ operation: "insert_page", title: "Herons", document: { markdown: "Herons wade." } }]);
  await publishThroughApi(request, token, spaceId, "A subpage", [{ operation: "insert_page", title: "Grey heron", into: pageId, document: { markdown: "Grey." } }]);
  await page.goto(`${spacePath}/p/${pageId}`);

  // The reader's page navigation folds a page's subpages too.
  const navigation = page.getByRole("navigation", { name: "Pages", exact: true });
  const chevron = navigation.getByRole("button", { name: "Subpages" });
  await expect(chevron).toHaveAttribute("aria-expanded", "true");
  await chevron.click();
  await expect(navigation.getByRole("link", { name: "Grey heron" })).toBeHidden();
  await chevron.click();
  await expect(navigation.getByRole("link", { name: "Grey heron" })).toBeVisible();

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/edit\\?page=${pageId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Editing live" })).toBeVisible();
  const content = page.getByRole("textbox", { name: "Content of “Herons”" });
  await expect(content).toHaveText("Herons wade.");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" They eat fish.");
  await expect(saved(page)).toBeVisible();
  await page.keyboard.type(" And frogs.");
  await expect(saved(page)).toBeVisible();
  await screenshotsAcross(page, "live-editor", expectNoSeriousAxeViolations);

  await page.getByRole("link", { name: "Done" }).click();
  await expect(page.getByRole("article")).toContainText("Herons wade. They eat fish. And frogs.");
  await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "History" }).click();
  const versions = page.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  await expect(versions.first()).toContainText("Edited live");
  // Two saves, one editing session: one entry.
  await expect(versions.filter({ hasText: "Edited live" })).toHaveCount(1);

  // Once the space's merge rules require an approval, its changes are reviewed: Edit opens a change request.
  const rules = await page.request.post("/api/trpc/mergeRules.updateForSpace", { data: { json: { spaceId, requiredApprovals: 1 } } });
  expect(rules.ok(), await rules.text()).toBe(true);
  await page.goto(`${spacePath}/p/${pageId}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "New change request" })).toBeVisible();
  await page.goto(`${spacePath}/edit`);
  await expect(page.getByText("This space is not edited live")).toBeVisible();
  await expect(page.getByText("This space's merge rules require 1 approval: its content changes through reviewed change requests.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the organization sidebar folds and stays folded; the space's header is the same on every tab", async ({ page, request }) => {
  const { spacePath } = await createSpaceOverApi(request, `Frame ${uniqueSuffix()}`, "Guide");
  await page.goto(spacePath);

  await test.step("the space's header: same text, same place, on each tab", async () => {
    const headers: string[] = [];
    for (const tab of ["Content", "Change requests", "History", "Integrations", "Settings"]) {
      await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: tab }).click();
      await expect(page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
      // The content tab moves on to the first page: measured once it has.
      if (tab === "Content") await expect(page).toHaveURL(/\/p\/[^/]+$/);
      const header = page.locator("header").filter({ has: page.getByRole("navigation", { name: "Space" }) });
      await expect(header).toBeVisible();
      const box = (await header.boundingBox())!;
      headers.push(`${await header.getByText("Guide", { exact: true }).first().innerText()} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)} wide; ${await header.innerText()}`);
    }
    expect(new Set(headers).size, headers.join("\n")).toBe(1);
    await expect(page.getByRole("heading", { level: 1, name: "Guide" })).toBeVisible();
  });

  await test.step("the sidebar folds into a rail, stays folded after a reload, and unfolds", async () => {
    const nav = sidebar(page);
    await nav.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(nav.getByRole("link", { name: "Home" })).toBeHidden();
    const expand = nav.getByRole("button", { name: "Expand sidebar" });
    await expect(expand).toBeFocused();
    await screenshotsAcross(page, "sidebar-folded", expectNoSeriousAxeViolations);
    await page.reload();
    await expect(expand).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home" })).toBeHidden();
    await expand.click();
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await page.reload();
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
  });
});
