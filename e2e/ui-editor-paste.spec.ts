import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openChangeRequest, storedMarkdown } from "./editor-setup";
import { adminApiToken, expectSaved } from "./helpers";

/**
 * Nothing pasted is lost: each kind of paste — Google Docs, Word, a spreadsheet, a web page with
 * a table, markdown, plain text, an image file, an image by its address — is dispatched as the
 * browser's real paste event, saves by itself, reads back through /v1 as the page's markdown, and
 * after a reload the editor shows exactly what it showed before (the server holds what it showed).
 */

test.use({ viewport: { width: 1280, height: 900 } });

const fixture = (name: string) => readFileSync(`e2e/fixtures/paste/${name}`, "utf8");
// A 2×2 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

type Clipboard = { html?: string; text?: string; pngNamed?: string };

/** Dispatches a paste of `clipboard` on the editor, as the browser does for ⌘/Ctrl+V. */
async function paste(editor: Locator, clipboard: Clipboard) {
  await editor.evaluate((dom, { html, text, pngNamed, png }) => {
    const data = new DataTransfer();
    if (html !== undefined) data.setData("text/html", html);
    if (text !== undefined) data.setData("text/plain", text);
    if (pngNamed) data.items.add(new File([Uint8Array.from(atob(png), (char) => char.charCodeAt(0))], pngNamed, { type: "image/png" }));
    dom.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, { ...clipboard, png: PNG });
}

/** What the editor shows: its text, and its elements' kinds (with links' and images' addresses). */
function shown(editor: Locator) {
  return editor.evaluate((dom) => {
    const kinds = [...dom.querySelectorAll("h1,h2,h3,p,li,table,tr,th,td,pre,blockquote,img,hr,strong,em,s,code,a,br")]
      .filter((element) => !element.closest("[contenteditable=false]") || element.tagName === "IMG")
      .map((element) => element.tagName + (element.tagName === "A" ? ` ${element.getAttribute("href")}` : element.tagName === "IMG" ? ` ${element.getAttribute("alt")}` : ""));
    return { text: (dom as HTMLElement).innerText.trim(), kinds };
  });
}

let token: string;
let editorPath: string;
let pageUrl: string;

test.beforeAll(async ({ request }) => {
  token = adminApiToken();
  ({ editorPath, pageUrl } = await openChangeRequest(request, token, "Pasted pages"));
});

/** Empties the page, pastes, waits for the save, and checks /v1 and a reload against what was shown. */
async function pasteAndReadBack(
  page: Page,
  editor: Locator,
  clipboard: Clipboard,
  { visible, markdown, said }: { visible: (editor: Locator) => Promise<void>; markdown: (string | RegExp)[]; said?: string },
) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await paste(editor, clipboard);
  await visible(editor);
  if (said) await expect(page.getByRole("alert").filter({ hasText: said })).toBeVisible();
  await expectSaved(page);
  const stored = await storedMarkdown(page.request, token, pageUrl);
  for (const part of markdown) {
    if (typeof part === "string") expect(stored).toContain(part);
    else expect(stored).toMatch(part);
  }
  const before = await shown(editor);
  await page.reload();
  await visible(editor);
  expect(await shown(editor)).toEqual(before);
}

test("every kind of paste is saved as shown, read back through /v1, and there after a reload", async ({ page }) => {
  await page.goto(editorPath);
  const editor = page.getByRole("textbox", { name: "Content of “Introduction”" });
  await expect(editor).toBeVisible();

  await test.step("Google Docs: heading, marks, a link, a list, a table with a two-line cell, code by its font", async () => {
    await pasteAndReadBack(page, editor, { html: fixture("google-docs.html"), text: "Release checklist" }, {
      visible: async (editor) => {
        await expect(editor.getByRole("heading", { level: 1 })).toHaveText("Release checklist");
        await expect(editor.getByRole("table")).toContainText("and sign them");
      },
      markdown: [
        "# Release checklist\n\nBefore every release, read the [release notes](https://example.com/notes) and check **every** _step_.\n\n",
        "* Tag the version\n* ~~Email~~ Post the announcement\n",
        "| Owner | Task                                |\n| ----- | ----------------------------------- |\n| Ana   | Build the packages<br>and sign them |\n",
        "`npm run release` ends the checklist.",
      ],
    });
  });

  await test.step("Word: its list paragraphs as a list; an image only on the copying computer is left out, and said so", async () => {
    await pasteAndReadBack(page, editor, { html: fixture("word.html"), text: "Upgrading the server" }, {
      visible: async (editor) => {
        await expect(editor.getByRole("heading", { level: 2 })).toHaveText("Upgrading the server");
        await expect(editor.getByRole("listitem")).toHaveText(["Download the new release", "Start it again"]);
      },
      markdown: ["## Upgrading the server\n\nStop the service, then **back up** the data folder. It takes _about a minute_.\n\n* Download the new release\n* Start it again\n\nQuestions go to the [support desk](https://example.com/support).\n"],
      said: "An image was left out: it is only on the computer it was copied from.",
    });
  });

  await test.step("a spreadsheet: its cells (not the picture of them it also copies) as a table, a merged cell split", async () => {
    await pasteAndReadBack(page, editor, { html: fixture("spreadsheet.html"), text: "Region\tQ1\tQ2", pngNamed: "cells.png" }, {
      visible: async (editor) => {
        await expect(editor.getByRole("table").getByRole("row")).toHaveCount(3);
        await expect(editor.getByRole("img")).toHaveCount(0);
      },
      markdown: ["| Region | Q1          | Q2   |\n| ------ | ----------- | ---- |\n| North  | 1200        | 1350 |\n| South  | No data yet |      |\n"],
    });
  });

  await test.step("a web page with a table, its caption, an image by address, code and a quote", async () => {
    await pasteAndReadBack(page, editor, { html: fixture("web-page.html"), text: "Limits" }, {
      visible: async (editor) => {
        await expect(editor.getByRole("table")).toContainText("Unlimited");
        await expect(editor.locator("pre")).toContainText("jq .pages");
      },
      markdown: [
        "Every plan has **hard limits**; see the [pricing page](https://docs.example.com/pricing) for details.\n\nLimits by plan\n\n| Plan | Pages  | Members   |\n| ---- | ------ | --------- |\n| Free | 100    | `5`       |\n| Team | 10,000 | Unlimited |\n",
        /!\[Plans compared\]\(https:\/\/docs\.example\.com\/img\/plans\.png\)|<img src="https:\/\/docs\.example\.com\/img\/plans\.png" alt="Plans compared">/,
        "```sh\ncurl https://api.example.com/v1/limits\njq .pages\n```\n\n> Limits are per organization.\n\nLast paragraph of the copied part.\n",
      ],
    });
  });

  await test.step("an image copied from a web page by itself (the paste that threw in the image's view)", async () => {
    await pasteAndReadBack(page, editor, { html: '<meta charset="utf-8"><img src="https://docs.example.com/img/logo.png" alt="Logo">' }, {
      visible: async (editor) => await expect(editor.getByRole("img", { name: "Logo" })).toBeVisible(),
      markdown: [/!\[Logo\]\(https:\/\/docs\.example\.com\/img\/logo\.png\)|<img src="https:\/\/docs\.example\.com\/img\/logo\.png" alt="Logo">/],
    });
  });

  await test.step("markdown as text", async () => {
    await pasteAndReadBack(page, editor, { text: fixture("markdown.md") }, {
      visible: async (editor) => await expect(editor.getByRole("note")).toContainText("Restart after every change."),
      markdown: [
        "## Configuration\n\nSet `QUIRE_PORT` before **starting**, as [the guide](https://example.com/guide) says.\n\n1. Copy the example file\n2. Edit it\n\n| Variable   | Default |\n| ---------- | ------- |\n| QUIRE_PORT | 3000    |\n",
        '{% hint style="warning" %}\nRestart after every change.\n{% endhint %}',
      ],
    });
  });

  await test.step("plain text: a paragraph per line", async () => {
    await pasteAndReadBack(page, editor, { text: fixture("plain.txt") }, {
      visible: async (editor) => await expect(editor.locator("p").filter({ hasText: "A new paragraph" })).toBeVisible(),
      markdown: ["First line of plain text\n\nSecond line, right after\n\nA new paragraph after a blank line\n"],
    });
  });

  await test.step("an image file: uploaded into the change request", async () => {
    await pasteAndReadBack(page, editor, { pngNamed: "diagram.png" }, {
      visible: async (editor) => await expect(editor.getByRole("img", { name: "diagram" })).toBeVisible(),
      markdown: [/!\[diagram\]\(\/files\/|<img src="\/files\/[^"]+" alt="diagram">/],
    });
  });

  await test.step("text typed after a pasted table is saved too", async () => {
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await paste(editor, { html: fixture("spreadsheet.html") });
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("Written after the table.");
    await expectSaved(page);
    expect(await storedMarkdown(page.request, token, pageUrl)).toMatch(/\| South +\| No data yet +\| +\|\n\nWritten after the table\.\n$/);
  });
});
