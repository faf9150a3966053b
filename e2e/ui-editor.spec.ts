import { expect, test, type Page } from "@playwright/test";
import { adminApiHeaders, axe, createSpaceOverApi, screenshot, uniqueSuffix } from "./helpers";

/**
 * The block editor as a writer uses it: a page written with the slash menu (heading, list,
 * table, hint, code, a pasted image) saves by itself, is all there after a reload, reads back
 * through /v1 as markdown, and writing that markdown back changes nothing, block keys included.
 * Leaving with work not yet saved (offline) by the browser's Back is caught.
 */

test.use({ viewport: { width: 1280, height: 800 } });

// A 2×2 PNG, pasted from the clipboard.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

let headers: Record<string, string>;

test.beforeAll(() => {
  headers = adminApiHeaders();
});

const saved = (page: Page) => page.getByRole("status").filter({ hasText: /^Saved$/ });

/** Types `/query` and picks the first block the slash menu offers for it, with the keyboard. */
async function insertBlock(page: Page, query: string, option: string) {
  await page.keyboard.type(`/${query}`);
  const menu = page.getByRole("listbox", { name: "Insert a block" });
  // An option is named by its label, then its description.
  await expect(menu.getByRole("option").first()).toHaveAccessibleName(new RegExp(`^${option} `));
  await expect(menu.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
}

test("write a page with the slash menu, find it saved after a reload, read it back through /v1, and Back with unsaved work is caught", async ({ page, context, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Editor ${suffix}`, "Guide");
  await page.goto(spacePath);

  await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Change requests" }).click();
  await page.getByRole("button", { name: "New change request" }).first().click();
  const create = page.getByRole("dialog", { name: "New change request" });
  await create.getByLabel("Subject").fill("Write the guide");
  await create.getByRole("button", { name: "Create change request" }).click();
  await expect(page).toHaveURL(/\/change-requests\/1\/edit$/);

  const editor = page.getByRole("textbox", { name: "Content of “Introduction”" });
  const pageId = await page.getByRole("complementary", { name: "Pages of the change request" }).getByRole("button", { name: "Introduction" }).getAttribute("data-page-key");

  await test.step("write with the slash menu: heading, list, table, hint, code; paste an image", async () => {
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await insertBlock(page, "heading", "Heading 1");
    await page.keyboard.type("Install Quire");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Quire runs on ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("any");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type(" server.");
    await page.keyboard.press("Enter");

    await insertBlock(page, "bullet", "Bulleted list");
    await page.keyboard.type("Download it");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Start it");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(editor.getByRole("listitem")).toHaveText(["Download it", "Start it"]);

    await insertBlock(page, "table", "Table");
    for (const text of ["Tool", "Use", "Note"]) {
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
      await page.keyboard.type(text);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.type("npm");
    await page.keyboard.press("Tab");
    await page.keyboard.type("install");
    await page.keyboard.press("ControlOrMeta+End");

    await insertBlock(page, "warning", "Warning hint");
    await page.keyboard.type("Back up first.");
    await page.keyboard.press("ControlOrMeta+End");

    await insertBlock(page, "code", "Code block");
    await page.keyboard.type("npm install quire");
    await page.getByRole("textbox", { name: "Code language" }).fill("bash");
    await page.getByRole("textbox", { name: "Code language" }).press("Enter");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");

    await editor.evaluate((dom, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "diagram.png", { type: "image/png" }));
      dom.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG);
    await expect(editor.getByRole("img", { name: "diagram" })).toBeVisible();

    await expect(saved(page)).toBeVisible();
    await expect(editor.getByRole("heading", { level: 1 })).toHaveText("Install Quire");
    await screenshot(page, "editor-blocks-1280");
  });

  await test.step("the formatting toolbar and the slash menu are proper ARIA, and the screen is axe-clean", async () => {
    // On the word itself: a double click in the blank after a line's end selects the line break
    // into the next item, and "/" typed over a selection across two blocks joins them.
    await editor.getByText("Download it").dblclick({ position: { x: 12, y: 10 } });
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe("Download");
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");
    await screenshot(page, "editor-toolbar-1280");
    const results = await axe(page).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    // The empty paragraph below the image. The toolbar goes once the editor's own selection (not only
    // the page's) is collapsed there: ProseMirror types a key over its own selection when that spans blocks.
    await editor.locator("p").last().click();
    await expect(toolbar).toBeHidden();
    await page.keyboard.type("/");
    const menu = page.getByRole("listbox", { name: "Insert a block" });
    await expect(menu).toBeVisible();
    await screenshot(page, "editor-slash-menu-1280");
    const menuResults = await axe(page).analyze();
    expect(menuResults.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.keyboard.press("Backspace");
    await expect(saved(page)).toBeVisible();
  });

  await test.step("after a reload, everything is there", async () => {
    await page.reload();
    await expect(editor.getByRole("heading", { level: 1 })).toHaveText("Install Quire");
    await expect(editor.locator("strong")).toHaveText("any");
    await expect(editor.getByRole("listitem")).toHaveText(["Download it", "Start it"]);
    await expect(editor.getByRole("table")).toContainText("npm");
    await expect(editor.getByRole("note")).toContainText("Back up first.");
    await expect(page.getByRole("combobox", { name: "Hint style" })).toHaveValue("warning");
    await expect(editor.locator("pre")).toHaveText("npm install quire");
    await expect(page.getByRole("textbox", { name: "Code language" })).toHaveValue("bash");
    await expect(editor.getByRole("img", { name: "diagram" })).toBeVisible();
  });

  const pageUrl = `/v1/spaces/${spaceId}/change-requests/1/content/page/${pageId}`;
  await test.step("read back through /v1 as markdown; written back, the page and its block keys are unchanged", async () => {
    const read = await request.get(`${pageUrl}?format=markdown`, { headers });
    expect(read.status()).toBe(200);
    const { markdown } = (await read.json()) as { markdown: string };
    expect(markdown).toContain("# Install Quire\n\nQuire runs on **any** server.\n\n* Download it\n* Start it\n");
    expect(markdown).toContain("| Tool | Use     | Note |\n| ---- | ------- | ---- |\n| npm  | install |      |\n");
    expect(markdown).toContain('{% hint style="warning" %}\nBack up first.\n{% endhint %}');
    expect(markdown).toContain("```bash\nnpm install quire\n```");
    expect(markdown).toMatch(/!\[diagram\]\(\/files\/[^)]+\)|<img src="\/files\/[^"]+" alt="diagram">/);

    const before = await (await request.get(`${pageUrl}?format=document`, { headers })).json();
    const write = await request.post(`/v1/spaces/${spaceId}/change-requests/1/content`, {
      headers,
      data: { changes: [{ operation: "update_page", page: pageId, document: { markdown } }] },
    });
    expect(write.status()).toBe(200);
    expect((await (await request.get(`${pageUrl}?format=markdown`, { headers })).json()).markdown).toBe(markdown);
    const after = await (await request.get(`${pageUrl}?format=document`, { headers })).json();
    expect(after.document).toEqual(before.document);
  });

  await test.step("offline, typed work is not saved; Back asks before leaving, and staying keeps it", async () => {
    await page.reload();
    await editor.getByText("Quire runs on").click();
    await page.keyboard.press("ControlOrMeta+End");
    await context.setOffline(true);
    await page.keyboard.type("Written offline");
    await expect(page.getByRole("status").filter({ hasText: /Offline — retrying/ })).toBeVisible();
    await screenshot(page, "editor-offline-1280");
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.evaluate(() => window.history.back());
    await expect.poll(() => asked).toContain("unsaved changes");
    await expect(page).toHaveURL(/\/change-requests\/1\/edit$/);
    await expect(editor).toContainText("Written offline");
    await context.setOffline(false);
    await expect(saved(page)).toBeVisible();
    await expect.poll(async () => (await (await request.get(`${pageUrl}?format=markdown`, { headers })).json()).markdown).toContain("Written offline");
  });

  await test.step("the page list folds away and stays so; tablet and phone widths", async () => {
    const toggle = page.getByRole("button", { name: "Hide pages" });
    await toggle.click();
    await expect(page.getByRole("complementary", { name: "Pages of the change request" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Show pages" })).toHaveAttribute("aria-expanded", "false");
    await screenshot(page, "editor-pages-hidden-1280");
    await page.reload();
    await expect(page.getByRole("button", { name: "Show pages" })).toBeVisible();
    await page.getByRole("button", { name: "Show pages" }).click();
    await page.setViewportSize({ width: 800, height: 1000 });
    await expect(editor.getByRole("heading", { level: 1 })).toBeVisible();
    await screenshot(page, "editor-800");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(editor.getByRole("heading", { level: 1 })).toBeVisible();
    await screenshot(page, "editor-390");
    const results = await axe(page).analyze();
    expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
  });
});

test("Edit on a page opens the editor on that page", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Edit here ${uniqueSuffix()}`, "Guide");
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const { id } = await post(crs, { subject: "A second page" });
  const inserted = await post(`${crs}/${id}/content?compat=false`, { changes: [{ operation: "insert_page", title: "Upgrading", document: { markdown: "Stop, then upgrade." } }] });
  const pageId: string = inserted.changes[0].page.id;
  await post(`${crs}/${id}/merge`, {});

  await page.goto(`${spacePath}/p/${pageId}`);
  await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toHaveText("Upgrading");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  // The space is edited live (the default edit mode): Edit opens the editor on its content, at this page.
  await expect(page).toHaveURL(new RegExp(`/edit\\?page=${pageId}$`));
  await expect(page.getByRole("complementary", { name: "Pages of the space" }).getByRole("button", { name: "Upgrading" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("textbox", { name: "Content of “Upgrading”" })).toHaveText("Stop, then upgrade.");
});
