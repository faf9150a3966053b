import { expect, test, type Locator, type Page } from "@playwright/test";
import { createOrganization, createOrganizationOverApi, expectNotice, keepNoticesOf, screenshot, sidebar, uniqueSuffix } from "./helpers";

/**
 * The admin UI's content tree, driven as a person would: create an organization of one's own (so
 * the runs never see each other's data), then build, rename, move, delete and restore content from
 * the sidebar.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const tree = (page: Page) => page.getByRole("tree", { name: "Content" });
const item = (page: Page, title: string) => tree(page).getByRole("treeitem", { name: title, exact: true });
const childItem = (parent: Locator, title: string) => parent.getByRole("treeitem", { name: title, exact: true });
/** The row of an item (its link), where it is dragged from and dropped on. */
const row = (page: Page, title: string) => item(page, title).getByRole("link", { name: title, exact: true }).first();

/** A new organization of this run's own, empty. */
async function createEmptyOrganization(page: Page, title: string) {
  await createOrganization(page, title);
  await expect(sidebar(page).getByText("No spaces yet")).toBeVisible();
}

async function openActions(page: Page, title: string) {
  await page.getByRole("button", { name: `Actions for ${title}`, exact: true }).click();
  await expect(page.getByRole("menu", { name: `Actions for ${title}` })).toBeVisible();
}

async function create(page: Page, kind: "space" | "collection", title: string, parent?: string) {
  if (parent) {
    await openActions(page, parent);
    await page.getByRole("menuitem", { name: `New ${kind}` }).click();
  } else {
    // With a collection open, the sidebar's buttons create inside it: the top level is created from Home,
    // once it is open (the collection's page had a heading too).
    await sidebar(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/o\/[^/]+$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    await sidebar(page).getByRole("button", { name: `New ${kind}` }).click();
  }
  const dialog = page.getByRole("dialog", { name: `New ${kind}` });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: `Create ${kind}` }).click();
  await expect(dialog).toBeHidden();
  await expect(parent ? childItem(item(page, parent), title) : item(page, title)).toBeVisible();
}

/** Native drag and drop onto the upper edge, the middle or the lower edge of a row. */
async function drag(page: Page, source: string, target: string, where: "before" | "inside" | "after") {
  const targetRow = row(page, target);
  const box = (await targetRow.boundingBox())!;
  const y = where === "before" ? 3 : where === "after" ? box.height - 3 : box.height / 2;
  await row(page, source).dragTo(targetRow, { targetPosition: { x: box.width / 2, y } });
}

/** Titles of the top-level items, in order. */
async function topLevelTitles(page: Page): Promise<string[]> {
  return tree(page).locator(':scope > [role="treeitem"]').evaluateAll((items) =>
    items.map((item) => document.getElementById(item.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
  );
}

test("create a collection and a space in it, rename, move, delete and restore the space", async ({ page }) => {
  const suffix = uniqueSuffix();
  await keepNoticesOf(page);
  await page.goto("/");
  await createEmptyOrganization(page, `Content ${suffix}`);
  await expect(page.getByRole("main").getByText("No spaces yet")).toBeVisible();

  await test.step("create a collection, then a space inside it", async () => {
    await create(page, "collection", "Guides");
    await expect(page).toHaveURL(/\/c\/[^/]+$/);
    await create(page, "space", "Draft space", "Guides");
    // A new space opens on its content, where it offers to start writing.
    await expect(page).toHaveURL(/\/s\/[^/]+\/content$/);
    const space = childItem(item(page, "Guides"), "Draft space");
    await expect(space).toHaveAttribute("aria-level", "2");
    // The page on screen is the current item of the tree.
    await expect(space).toHaveAttribute("aria-selected", "true");
    await expect(item(page, "Guides")).toHaveAttribute("aria-expanded", "true");
  });

  await test.step("rename the space inline (Escape cancels, Enter saves)", async () => {
    await openActions(page, "Draft space");
    await page.getByRole("menuitem", { name: "Rename" }).click();
    const input = page.getByRole("textbox", { name: "Rename “Draft space”" });
    await expect(input).toBeFocused();
    await input.fill("Discarded title");
    await input.press("Escape");
    await expect(item(page, "Draft space")).toBeFocused();

    await item(page, "Draft space").press("F2");
    await input.fill("Onboarding");
    await input.press("Enter");
    await expect(item(page, "Onboarding")).toBeVisible();
    await expect(item(page, "Draft space")).toHaveCount(0);
  });

  await test.step("move the space with the Move to… dialog", async () => {
    await create(page, "collection", "Reference");
    await openActions(page, "Onboarding");
    await page.getByRole("menuitem", { name: "Move to…" }).click();
    const dialog = page.getByRole("dialog", { name: "Move “Onboarding”" });
    await expect(dialog.getByLabel("Move to")).toHaveValue(/.+/);
    await dialog.getByLabel("Move to").selectOption({ label: "Reference" });
    await screenshot(page, "move-dialog-1280");
    await dialog.getByRole("button", { name: "Move" }).click();
    await expect(dialog).toBeHidden();
    await expect(childItem(item(page, "Reference"), "Onboarding")).toBeVisible();
    await expect(childItem(item(page, "Guides"), "Onboarding")).toHaveCount(0);

    // A position at the top level: before everything else.
    await openActions(page, "Onboarding");
    await page.getByRole("menuitem", { name: "Move to…" }).click();
    await dialog.getByLabel("Move to").selectOption({ label: "Top level" });
    await dialog.getByLabel("Position").selectOption({ label: "At the start" });
    await dialog.getByRole("button", { name: "Move" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => topLevelTitles(page)).toEqual(["Onboarding", "Guides", "Reference"]);
  });

  await test.step("move the space by drag and drop", async () => {
    await drag(page, "Onboarding", "Guides", "inside");
    await expect(childItem(item(page, "Guides"), "Onboarding")).toBeVisible();
    await expect.poll(() => topLevelTitles(page)).toEqual(["Guides", "Reference"]);

    await drag(page, "Reference", "Guides", "before");
    await expect.poll(() => topLevelTitles(page)).toEqual(["Reference", "Guides"]);
  });

  await screenshot(page, "tree-1280");

  await test.step("deleting a collection says where its spaces go", async () => {
    await openActions(page, "Guides");
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete collection?" });
    await expect(dialog).toContainText("Its space goes to the trash");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("delete the space: it goes to the trash", async () => {
    await openActions(page, "Onboarding");
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete space?" });
    await expect(dialog).toContainText("restore it from there for 7 days");
    await screenshot(page, "delete-dialog-1280");
    await dialog.getByRole("button", { name: "Move to trash" }).click();
    await expect(dialog).toBeHidden();
    await expectNotice(page, "“Onboarding” moved to the trash");
    await expect(item(page, "Onboarding")).toHaveCount(0);
  });

  await test.step("restore it from the trash: it is back in the tree", async () => {
    await sidebar(page).getByRole("link", { name: "Trash" }).click();
    await expect(page.getByRole("heading", { name: "Trash" })).toBeVisible();
    const entry = page.getByRole("list", { name: "Deleted spaces" }).getByRole("listitem").filter({ hasText: "Onboarding" });
    await expect(entry).toContainText("7 days left");
    await expect(entry).toContainText("Deleted");
    await screenshot(page, "trash-1280");
    await entry.getByRole("button", { name: "Restore Onboarding" }).click();
    await expectNotice(page, "“Onboarding” restored");
    await expect(page.getByText("The trash is empty")).toBeVisible();
    // Back where it was: its collection still exists.
    await expect(childItem(item(page, "Guides"), "Onboarding")).toBeVisible();
  });

  await test.step("the organization home lists the top-level items; the layout holds at 900px", async () => {
    await sidebar(page).getByRole("link", { name: "Home" }).click();
    await expect(page.getByRole("main").getByRole("link", { name: /Guides/ })).toBeVisible();
    await screenshot(page, "home-1280");

    await page.setViewportSize({ width: 900, height: 800 });
    await expect(sidebar(page)).toBeHidden();
    await screenshot(page, "home-900");
    const toggle = page.getByRole("button", { name: "Navigation", exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(tree(page)).toBeVisible();
    await screenshot(page, "drawer-900");
    await page.keyboard.press("Escape");
    await expect(sidebar(page)).toBeHidden();
    await expect(toggle).toBeFocused();

    // Navigating from the drawer closes it.
    await toggle.click();
    await sidebar(page).getByRole("link", { name: "Trash" }).click();
    await expect(page.getByRole("heading", { name: "Trash" })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await screenshot(page, "trash-900");
  });
});

test("keyboard navigation of the tree, and the server's refusals shown", async ({ page, request }) => {
  // The organization is made through /v1: the previous test drives the switcher's Create organization.
  await page.goto(`/o/${await createOrganizationOverApi(request, `Keys ${uniqueSuffix()}`)}`);
  await expect(sidebar(page).getByText("No spaces yet")).toBeVisible();
  await create(page, "collection", "Outer");
  await create(page, "collection", "Inner", "Outer");
  await create(page, "space", "Notes");

  await test.step("arrows move, expand and collapse; Enter opens", async () => {
    const outer = item(page, "Outer");
    await outer.focus();
    await expect(outer).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(item(page, "Inner")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(outer).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(outer).toHaveAttribute("aria-expanded", "false");
    await expect(item(page, "Inner")).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(item(page, "Notes")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
    await expect(outer).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowRight");
    await expect(item(page, "Inner")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/c\/[^/]+$/);
    await expect(item(page, "Inner")).toHaveAttribute("aria-selected", "true");

    // Only one row is in the tab order (roving tabindex); its actions button comes next.
    await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Actions for Inner" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  await test.step("moving a collection into its own child is refused with the server's reason", async () => {
    await openActions(page, "Outer");
    await page.getByRole("menuitem", { name: "Move to…" }).click();
    const dialog = page.getByRole("dialog", { name: "Move “Outer”" });
    await dialog.getByLabel("Move to").selectOption({ label: "Outer / Inner" });
    await dialog.getByRole("button", { name: "Move" }).click();
    await expect(dialog.getByRole("alert")).toContainText("cannot be moved into itself or one of its descendants");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The same refusal when dragging: the message appears in the alert region.
    await drag(page, "Outer", "Inner", "inside");
    await expect(page.getByRole("alert").filter({ hasText: "cannot be moved into itself" })).toBeVisible();
    await expect(item(page, "Outer")).toHaveAttribute("aria-level", "1");
  });

  await test.step("the user menu signs out", async () => {
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    await expect(page.getByRole("menuitem", { name: "API tokens" })).toHaveAttribute("href", "/settings/tokens");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });
});
