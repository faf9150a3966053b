import { expect, test, type Locator, type Page } from "@playwright/test";
import { openChangeRequest, storedMarkdown, type EditorPlace } from "./editor-setup";
import { adminApiToken, expectNoSeriousAxeViolations, expectSaved, screenshot, screenshotsAcross, v1 } from "./helpers";

/**
 * Writing in the block editor as in GitBook, Notion or Outline: the title goes on into the text
 * and its slug follows it; inline markdown, code fences and ⌘/Ctrl+K links while typing; every
 * block at the end of a page can be left; tables start empty and grow with Tab; tabs edit as a
 * tab strip; the slash menu works in any empty line and turns a line into another block; file
 * blocks show their file's name; the writing column and the toolbar keep the text readable. Each
 * is read back through /v1.
 */

test.use({ viewport: { width: 1280, height: 900 } });

let token: string;

test.beforeAll(() => {
  token = adminApiToken();
});

const editorOf = (page: Page, title: string) => page.getByRole("textbox", { name: `Content of “${title}”` });

/** Opens the editor on a change request of its own and empties the page. */
async function openEmpty(page: Page, place: EditorPlace, title = "Introduction"): Promise<Locator> {
  await page.goto(place.editorPath);
  const editor = editorOf(page, title);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  return editor;
}

/** Types `/query` and picks the first block offered, with the keyboard. */
async function insertBlock(page: Page, query: string, option: string) {
  await page.keyboard.type(`/${query}`);
  const menu = page.getByRole("listbox", { name: "Insert a block" });
  // An option is named by its label, then its description.
  await expect(menu.getByRole("option").first()).toHaveAccessibleName(new RegExp(`^${option} `));
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
}

/** The top-level paragraph of the page holding `text`: written below the block left, not inside it. */
const topLevel = (editor: Locator, text: string) => editor.locator(":scope > p", { hasText: text });

test("the title, inline markdown, code fences, links and line breaks", async ({ page, request }) => {
  const place = await openChangeRequest(request, token, "Writing");
  await page.goto(place.editorPath);

  await test.step("Enter in the title goes on into the text, whatever is typed next; the slug follows the title", async () => {
    await expect(editorOf(page, "Introduction")).toBeVisible();
    const title = page.getByLabel("Page title");
    await title.fill("Getting started");
    await title.press("Enter");
    // Typed at once after Enter: none of it goes into the title.
    await page.keyboard.type("Quire in five minutes.");
    await expect(title).toHaveValue("Getting started");
    const editor = editorOf(page, "Getting started");
    await expect(editor.locator("p").first()).toHaveText("Quire in five minutes.");
    await expectSaved(page);
    const stored = (await v1(request, token, "get", place.pageUrl)) as { title: string; slug: string };
    expect([stored.title, stored.slug]).toEqual(["Getting started", "getting-started"]);
  });

  const editor = editorOf(page, "Getting started");
  await test.step("inline markdown turns into formatting as it is typed", async () => {
    await page.keyboard.press("Enter");
    await page.keyboard.type("Use **bold**, _emphasis_, `code`, ~~strike~~ and [links](https://example.com/guide) as you type.");
    await expect(editor.locator("strong")).toHaveText("bold");
    await expect(editor.locator("em")).toHaveText("emphasis");
    await expect(editor.locator("p code")).toHaveText("code");
    await expect(editor.locator("s")).toHaveText("strike");
    await expect(editor.getByRole("link", { name: "links" })).toHaveAttribute("href", "https://example.com/guide");
  });

  await test.step("```js and Enter make a code block in that language; Enter twice leaves it", async () => {
    await page.keyboard.press("Enter");
    await page.keyboard.type("```js");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Code language" })).toHaveValue("js");
    await page.keyboard.type("const answer = 42;");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After the code.");
    await expect(topLevel(editor, "After the code.")).toBeVisible();
  });

  await test.step("⌘/Ctrl+K links the selection, edits a link, and adds one where nothing is selected", async () => {
    await editor.getByText("Quire in five minutes.").dblclick({ position: { x: 8, y: 8 } });
    await page.keyboard.press("ControlOrMeta+k");
    const address = page.getByRole("textbox", { name: "Link address" });
    await expect(address).toBeFocused();
    await address.fill("https://quire.dev");
    await address.press("Enter");
    await expect(editor.getByRole("link", { name: "Quire", exact: true })).toHaveAttribute("href", "https://quire.dev");
    // The palette keeps Ctrl+K outside the text.
    await expect(page.getByRole("dialog", { name: "Search everywhere" })).toHaveCount(0);

    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" See ");
    await page.keyboard.press("ControlOrMeta+k");
    await page.getByRole("textbox", { name: "Link text" }).fill("the FAQ");
    await page.getByRole("textbox", { name: "Link address" }).fill("https://quire.dev/faq");
    await page.getByRole("textbox", { name: "Link address" }).press("Enter");
    await expect(editor.getByRole("link", { name: "the FAQ" })).toHaveAttribute("href", "https://quire.dev/faq");
    await screenshot(page, "editor-link-1280");

    await page.getByRole("heading", { name: /^Editing/ }).click();
    await page.keyboard.press("ControlOrMeta+k");
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await expect(palette).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
  });

  await test.step("a line break at the end of a paragraph comes back as nothing, not a backslash, save after save", async () => {
    // Shift+Enter right after the cursor moved to the end of the paragraph, before the browser's
    // selectionchange reached the editor (a busy machine): the break goes where the cursor is shown.
    await editor.getByText("Quire in five minutes.").click();
    await editor.evaluate((element) => {
      const paragraph = [...element.querySelectorAll("p")].find((p) => p.textContent?.startsWith("After the code."))!;
      getSelection()!.collapse(paragraph, paragraph.childNodes.length);
      element.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", shiftKey: true, bubbles: true, cancelable: true }));
    });
    await expect(editor.locator("p").filter({ hasText: "After the code." }).locator("br:not(.ProseMirror-trailingBreak)")).toHaveCount(1);
    await expectSaved(page);
    await page.reload();
    await expect(editor.locator("p").filter({ hasText: "After the code." })).toHaveText("After the code. See the FAQ");
    await editor.getByText("After the code.").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type(" ");
    await page.keyboard.press("Backspace");
    await expectSaved(page);
    await page.reload();
    await expect(editor.locator("p").filter({ hasText: "After the code." })).toHaveText("After the code. See the FAQ");
  });

  await test.step("read back through /v1", async () => {
    const markdown = await storedMarkdown(request, token, place.pageUrl);
    expect(markdown).toBe(
      "[Quire](https://quire.dev) in five minutes.\n\nUse **bold**, _emphasis_, `code`, ~~strike~~ and [links](https://example.com/guide) as you type.\n\n```js\nconst answer = 42;\n```\n\nAfter the code. See [the FAQ](https://quire.dev/faq)\n",
    );
  });

  await test.step("a slug set by hand in the page's settings stays when the title changes", async () => {
    await page.getByRole("button", { name: "Page settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings of “Getting started”" });
    await expect(dialog.getByLabel("Slug")).toHaveValue("getting-started");
    await dialog.getByLabel("Slug").fill("start-here");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel("Page title").fill("First steps");
    await expectSaved(page);
    expect(await v1(request, token, "get", place.pageUrl)).toMatchObject({ title: "First steps", slug: "start-here" });
  });
});

test("blocks at the end of a page can be left; tables start empty and grow; the slash menu works in any empty line and turns lines", async ({ page, request }) => {
  const place = await openChangeRequest(request, token, "Blocks");
  const editor = await openEmpty(page, place);

  await test.step("code, a hint, a quote, a table and tabs at the end of the page are left by Enter twice, ↓ or a click below", async () => {
    await insertBlock(page, "code", "Code block");
    await page.keyboard.type("make");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After code");
    await expect(topLevel(editor, "After code")).toBeVisible();

    await page.keyboard.press("Enter");
    await insertBlock(page, "info", "Info hint");
    await page.keyboard.type("Note this");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After hint");
    await expect(topLevel(editor, "After hint")).toBeVisible();

    await page.keyboard.press("Enter");
    await insertBlock(page, "quote", "Quote");
    await page.keyboard.type("Quoted");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("After quote");
    await expect(topLevel(editor, "After quote")).toBeVisible();

    await page.keyboard.press("Enter");
    await insertBlock(page, "table", "Table");
    // A new table's cells are empty: its column titles show placeholders, not text.
    const table = editor.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["", "", ""]);
    await expect(table.locator("th p").first()).toHaveAttribute("data-placeholder", "Column 1");
    for (const text of ["Tool", "Use", "Note", "npm", "install", "", "", "", ""]) {
      await page.keyboard.type(text);
      await page.keyboard.press("Tab");
    }
    // Tab in the last cell added a row, and went into it.
    await expect(table.getByRole("row")).toHaveCount(4);
    await page.keyboard.type("last");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After table");
    await expect(topLevel(editor, "After table")).toBeVisible();

    await page.keyboard.press("Enter");
    await insertBlock(page, "tabs", "Tabs");
    await page.keyboard.type("In a tab");
    // A click below the last block puts the cursor in the page's last line, after the tabs.
    const box = (await editor.boundingBox())!;
    await editor.click({ position: { x: 40, y: box.height - 12 } });
    await page.keyboard.type("After tabs");
    await expect(topLevel(editor, "After tabs")).toBeVisible();
    await expectSaved(page);
    await screenshot(page, "editor-blocks-left-1280");
  });

  await test.step("the slash menu: icons and descriptions, in an empty line of a hint, and turning a line into a heading", async () => {
    await editor.getByText("Note this").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/");
    const menu = page.getByRole("listbox", { name: "Insert a block" });
    await expect(menu.getByRole("option", { name: "Bulleted list" })).toContainText("Items in no order");
    await expect(menu.getByRole("option", { name: "Bulleted list" }).locator("svg")).toBeVisible();
    await screenshot(page, "editor-slash-menu-hint-1280");
    await page.keyboard.type("bullet");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Inside the hint");
    await expect(editor.getByRole("note").getByRole("listitem")).toHaveText("Inside the hint");

    await editor.getByText("After quote").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" /head");
    await expect(menu.getByRole("group", { name: "Turn into" }).getByRole("option").first()).toHaveAccessibleName(/^Heading 1 /);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(editor.getByRole("heading", { level: 2 })).toHaveText("After quote");

    // Enter right after the query, before React has drawn the menu for it (as a fast typist or a
    // text expander does): the option chosen is the query's own, not the one drawn before.
    await editor.getByText("After code").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await editor.evaluate(async (element) => {
      document.execCommand("insertText", false, "/quote");
      // The editor reads typed text through its DOM observer, a microtask later; React draws a task later.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      element.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    });
    await page.keyboard.type("Fast");
    await expect(editor.getByRole("blockquote").filter({ hasText: "Fast" })).toHaveText("Fast");
    await expectSaved(page);
  });

  await test.step("read back through /v1", async () => {
    const markdown = await storedMarkdown(request, token, place.pageUrl);
    expect(markdown).toContain("```\nmake\n```\n\nAfter code\n\n> Fast\n\n{% hint");
    expect(markdown).toContain('{% hint style="info" %}\nNote this\n\n* Inside the hint\n{% endhint %}\n\nAfter hint\n');
    expect(markdown).toContain("> Quoted\n\n## After quote\n");
    expect(markdown).toContain("| Tool | Use     | Note |\n| ---- | ------- | ---- |\n| npm  | install |      |\n|      |         |      |\n| last |         |      |\n\nAfter table\n");
    expect(markdown).toMatch(/\{% tab title="Tab 1" %\}\nIn a tab\n\{% endtab %\}[\s\S]*\{% endtabs %\}\n\nAfter tabs\n$/);
  });
});

test("tabs edit as a tab strip; a file block names its file; the writing column and the toolbar; accessible in light and dark", async ({ page, request }) => {
  const pdf = Buffer.from("%PDF-1.4\n% the manual\n").toString("base64");
  const place = await openChangeRequest(request, token, "Tabs", [{ operation: "insert_files", files: [{ name: "manual.pdf", contentType: "application/pdf", base64: pdf }] }]);
  const fileId = (place.applied as { insertedFiles: { id: string }[] }).insertedFiles[0]!.id;
  await v1(request, token, "post", `/v1/spaces/${place.spaceId}/change-requests/${place.changeRequestId}/content?compat=false`, {
    changes: [{ operation: "update_page", page: place.pageId, document: { markdown: `The manual:\n\n{% file src="/files/${fileId}" %}\n{% endfile %}\n` } }],
  });
  await page.goto(place.editorPath);
  const editor = editorOf(page, "Introduction");

  await test.step("a file block shows the file's name", async () => {
    await expect(editor.getByRole("link", { name: "manual.pdf" })).toBeVisible();
  });

  await test.step("tabs: add, rename, reorder and remove in the strip; only the chosen tab's content shows", async () => {
    await editor.getByText("The manual:").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await insertBlock(page, "tabs", "Tabs");
    await page.keyboard.type("Windows steps");
    const strip = editor.getByRole("tablist", { name: "Tabs" });
    await expect(strip.getByRole("tab")).toHaveText(["Tab 1", "Tab 2"]);
    await page.getByRole("button", { name: "Add tab" }).click();
    await expect(strip.getByRole("tab")).toHaveText(["Tab 1", "Tab 2", "Tab 3"]);
    await expect(strip.getByRole("tab", { name: "Tab 3" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.type("Linux steps");
    await expect(editor.getByText("Windows steps")).toBeHidden();
    await page.getByRole("textbox", { name: "Tab title" }).fill("Linux");
    await page.getByRole("button", { name: "Move tab left" }).click();
    await expect(strip.getByRole("tab")).toHaveText(["Tab 1", "Linux", "Tab 2"]);
    await strip.getByRole("tab", { name: "Tab 1" }).click();
    await page.getByRole("textbox", { name: "Tab title" }).fill("Windows");
    await strip.getByRole("tab", { name: "Tab 2" }).click();
    await page.getByRole("button", { name: "Remove tab" }).click();
    await expect(strip.getByRole("tab")).toHaveText(["Windows", "Linux"]);
    await expectSaved(page);
    await screenshot(page, "editor-tabs-1280");
    expect(await storedMarkdown(request, token, place.pageUrl)).toContain('{% tabs %}\n{% tab title="Windows" %}\nWindows steps\n{% endtab %}\n\n{% tab title="Linux" %}\nLinux steps\n{% endtab %}\n{% endtabs %}\n');
  });

  await test.step("the writing column is about 680 px wide at 1280 px", async () => {
    const box = (await editor.boundingBox())!;
    expect(Math.abs(box.width - 680)).toBeLessThan(12);
  });

  await test.step("scrolled, the toolbar never covers the line being written", async () => {
    await editor.getByText("The manual:").click();
    await page.keyboard.press("Home");
    for (let i = 0; i < 30; i++) await page.keyboard.press("Enter");
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.type("First line, in view.");
    const toolbar = (await page.getByRole("toolbar", { name: "Editing" }).boundingBox())!;
    const line = (await editor.locator("p").first().boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
  });

  await test.step("axe finds nothing serious in the editor with its slash menu open, light and dark, 1280 to 390 px", async () => {
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/");
    await expect(page.getByRole("listbox", { name: "Insert a block" })).toBeVisible();
    await screenshotsAcross(page, "editor-slash-menu", expectNoSeriousAxeViolations);
  });
});

test("unsaved text survives a reload and a crash of the tab, offered back on return", async ({ page, request, context }) => {
  const place = await openChangeRequest(request, token, "Kept");
  const editor = await openEmpty(page, place);
  const saves = /\/api\/trpc\/[^?]*changeRequests\.applyChanges/;

  await test.step("a save that cannot go through is said, and leaving asks first", async () => {
    await page.route(saves, (route) => route.abort());
    await page.keyboard.type("Typed while saves fail.");
    await expect(page.getByRole("status").filter({ hasText: /^Not saved:/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("quire.draft:")).length)).toBe(1);
    await page.unroute(saves);
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.type();
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toBe("beforeunload");
  });

  await test.step("back on the page, the kept text is offered, restored and saved", async () => {
    const kept = page.getByRole("region", { name: "Unsaved changes on this device" });
    await expect(kept).toContainText("Unsaved changes to “Introduction” were kept on this device");
    await screenshotsAcross(page, "editor-kept-work", expectNoSeriousAxeViolations);
    await kept.getByRole("button", { name: "Restore" }).click();
    await expect(editor).toHaveText("Typed while saves fail.");
    await expectSaved(page);
    expect(await storedMarkdown(request, token, place.pageUrl)).toBe("Typed while saves fail.\n");
    await expect(kept).toHaveCount(0);
  });

  await test.step("a tab that crashes before the save keeps the text too; Discard lets it go", async () => {
    await page.route(saves, (route) => route.abort());
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" And more.");
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).some((value) => value.includes("And more.")))).toBe(true);
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await again.goto(place.editorPath);
    const kept = again.getByRole("region", { name: "Unsaved changes on this device" });
    await expect(kept).toBeVisible();
    await kept.getByRole("button", { name: "Discard" }).click();
    await expect(kept).toHaveCount(0);
    await expect(editorOf(again, "Introduction")).toHaveText("Typed while saves fail.");
    expect(await again.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("quire.draft:")))).toEqual([]);
  });
});
