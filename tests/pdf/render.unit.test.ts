import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closePdfBrowser, MAX_RENDERS, MAX_WAITING, withRenderSlot } from "../../server/pdf/browser";
import { chapterHtml, coverHtml } from "../../server/pdf/document";
import { pdfPageHtml } from "../../server/pdf/page-html";
import { renderPdf } from "../../server/pdf/render-pdf";
import { normalizeSpace, pdfFonts, pdfPages, pdfText, popplerText, withoutFooter } from "../helpers/pdf-text";

/**
 * The printer, from markdown to what a PDF reader extracts: every script the editor accepts comes
 * out as it was written (whitespace aside), in the Noto faces we ship, embedded with Unicode maps.
 * One browser serves the whole file.
 */

afterAll(() => closePdfBrowser());

async function printPage(page: { title: string; markdown: string; lang?: string }) {
  const html = await pdfPageHtml({ markdown: page.markdown, printedPageIds: ["p1"], variables: { space: {}, page: {} } });
  return renderPdf({ title: page.title, html: chapterHtml({ id: "p1", title: page.title, html }), lang: page.lang });
}

const fontNames = async (bytes: Buffer) => (await pdfFonts(bytes)).map((font) => font.name);

const PAGES = {
  Chinese: {
    lang: "zh",
    title: "快速入门",
    paragraphs: ["本指南介绍如何安装和配置文档平台。", "首先，创建一个空间，然后邀请你的团队成员一起编写页面。"],
    font: "NotoSansSC",
    rtl: false,
  },
  Russian: {
    lang: "ru",
    title: "Начало работы",
    paragraphs: ["Это руководство объясняет, как установить и настроить платформу документации.", "Сначала создайте пространство, затем пригласите коллег."],
    font: "NotoSans-Regular",
    rtl: false,
  },
  Greek: {
    lang: "el",
    title: "Ξεκινώντας",
    paragraphs: ["Αυτός ο οδηγός εξηγεί πώς να εγκαταστήσετε την πλατφόρμα τεκμηρίωσης.", "Πρώτα δημιουργήστε έναν χώρο και μετά προσκαλέστε την ομάδα σας."],
    font: "NotoSans-Regular",
    rtl: false,
  },
  Arabic: {
    lang: "ar",
    title: "البدء السريع",
    paragraphs: ["يشرح هذا الدليل كيفية تثبيت منصة التوثيق وإعدادها.", "أولاً، أنشئ مساحة جديدة، ثم ادعُ زملاءك للكتابة معك."],
    font: "NotoSansArabic-Regular",
    rtl: true,
  },
  Hebrew: {
    lang: "he",
    title: "התחלה מהירה",
    paragraphs: ["המדריך הזה מסביר איך להתקין ולהגדיר את פלטפורמת התיעוד.", "קודם צרו מרחב, ואז הזמינו את חברי הצוות שלכם."],
    font: "NotoSansHebrew",
    rtl: true,
  },
} as const;

describe("a page's PDF", () => {
  for (const [script, page] of Object.entries(PAGES)) {
    test(`in ${script}: the extracted text is the page's text, set in ${page.font}`, async () => {
      const bytes = await printPage({ title: page.title, markdown: page.paragraphs.join("\n\n"), lang: page.lang });
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      // In reading order, Arabic and Hebrew included (see tests/helpers/pdf-text.ts for how right-to-left runs are read).
      expect(await pdfText(bytes, { cover: false })).toBe(normalizeSpace([page.title, ...page.paragraphs].join(" ")));
      // Poppler reads left-to-right text the same; it misreads Chromium's right-to-left runs (ligatures, marks, punctuation).
      if (!page.rtl) for (const line of [page.title, ...page.paragraphs]) expect(await popplerText(bytes)).toContain(line);
      const fonts = await pdfFonts(bytes);
      expect(fonts.filter((font) => font.name.startsWith(page.font)).length).toBeGreaterThan(0);
      // Every face is embedded with its Unicode map (text can be selected and searched), none is a system fallback.
      for (const font of fonts) expect(font).toMatchObject({ embedded: true, unicode: true, name: expect.stringMatching(/^Noto/) });
    });
  }

  test("a page mixing scripts and emoji, titled `Übersicht 概要`, reads back whole: each script in its face", async () => {
    const paragraphs = ["Überblick über die Plattform 🎉 und ihre Teile.", "概要：中文说明。", "Обзор на русском.", "Ελληνική περίληψη.", "סיכום בעברית.", "ملخص باللغة العربية."];
    const bytes = await printPage({ title: "Übersicht 概要", markdown: paragraphs.join("\n\n"), lang: "de" });
    expect(await pdfText(bytes, { cover: false })).toBe(normalizeSpace(["Übersicht 概要", ...paragraphs].join(" ")));
    const fonts = await fontNames(bytes);
    for (const face of ["NotoSans-Regular", "NotoSans-Bold", "NotoSansSC", "NotoSansHebrew", "NotoSansArabic", "NotoColorEmoji"]) {
      expect(fonts.some((name) => name.startsWith(face)), `${face} in ${fonts.join(", ")}`).toBe(true);
    }
  });

  test("a page of every kind of block prints its text, code in Noto Sans Mono", async () => {
    const markdown = [
      "# Heading one",
      "Plain **bold** *italic* `inline code` and [a link](https://quire.dev).",
      "- first item\n- second item\n\n1. numbered",
      "```sh\nnpm run setup\n```",
      "| Name | Value |\n| --- | --- |\n| cell a | cell b |",
      "> Quoted text.",
      "---",
      "Last paragraph.",
    ].join("\n\n");
    const bytes = await printPage({ title: "Blocks", markdown });
    const text = await pdfText(bytes, { cover: false });
    for (const words of ["Heading one", "Plain bold italic inline code and a link.", "first item", "second item", "numbered", "npm run setup", "Name", "Value", "cell a", "cell b", "Quoted text.", "Last paragraph."]) {
      expect(text).toContain(words);
    }
    expect((await fontNames(bytes)).some((name) => name.startsWith("NotoSansMono"))).toBe(true);
  });

  test("a cover and several chapters: one chapter a sheet, page numbers in the footer of every sheet but the cover", async () => {
    const chapters = ["Первая глава.", "第二章。", "الفصل الثالث."].map((text, index) => chapterHtml({ id: `c${index}`, title: `Chapter ${index + 1}`, html: `<p>${text}</p>` }));
    const bytes = await renderPdf({ title: "Book", html: coverHtml({ label: "Space", title: "Book", subtitle: "Three chapters" }) + chapters.join("") });
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(4);
    expect(normalizeSpace(pages[0]!)).toBe("Space Book Three chapters");
    // withoutFooter fails on a sheet without its `n / 4`.
    expect(pages.slice(1).map((page, index) => normalizeSpace(withoutFooter(page, index + 1, pages.length)))).toEqual(["Chapter 1 Первая глава.", "Chapter 2 第二章。", "Chapter 3 الفصل الثالث."]);
  });
});

describe("what the printed page may do", () => {
  let outside: Server;
  let outsideUrl: string;
  const outsideRequests: string[] = [];
  beforeAll(async () => {
    outside = createServer((request, response) => {
      outsideRequests.push(request.url ?? "");
      response.end("body { color: red }");
    });
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => outside.close(() => resolve())));

  test("runs no script and fetches nothing but our fonts and what the caller serves", async () => {
    const asked: string[] = [];
    const html = [
      `<p>Visible text.</p>`,
      `<script>document.body.textContent = "script ran";</script>`,
      `<img src="${outsideUrl}/tracker.png" alt="">`,
      `<link rel="stylesheet" href="${outsideUrl}/style.css">`,
      `<iframe src="${outsideUrl}/frame"></iframe>`,
      `<img src="/~files/diagram" alt="">`,
      `<img src="/elsewhere.png" alt="">`,
    ].join("");
    const bytes = await renderPdf(
      { title: "Hostile", html },
      {
        resource: async (pathname) => {
          asked.push(pathname);
          return null;
        },
      },
    );
    expect(await pdfText(bytes, { cover: false })).toBe("Visible text.");
    expect(outsideRequests).toEqual([]);
    expect(asked.sort()).toEqual(["/elsewhere.png", "/~files/diagram"]);
  });
});

describe("the printer's limits", () => {
  test(`${MAX_RENDERS} renders at once and ${MAX_WAITING} waiting; one more is a 503 with Retry-After`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: MAX_RENDERS + MAX_WAITING }, () => withRenderSlot(() => gate));
    await expect(withRenderSlot(async () => "never")).rejects.toMatchObject({ status: 503, details: { retryAfterSeconds: expect.any(Number) } });
    release();
    await Promise.all(held);
    expect(await withRenderSlot(async () => "free again")).toBe("free again");
  });

  test("a render past its time limit is a 503, and its page is closed: the next one prints", async () => {
    const hanging = renderPdf({ title: "Slow", html: `<p>Waits for an image.</p><img src="/~files/never" alt="">` }, { timeoutMs: 1_000, resource: () => new Promise(() => undefined) });
    await expect(hanging).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/longer than 1 s/) });
    expect(await pdfText(await renderPdf({ title: "T", html: "<p>Next.</p>" }), { cover: false })).toBe("Next.");
  });

  test("without Chromium, a 503 that names what to install", async () => {
    await closePdfBrowser();
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      await expect(renderPdf({ title: "T", html: "<p>x</p>" })).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/Chromium.*not installed at \/nonexistent\/chromium.*apt-get install chromium/) });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
    // Installed again, the next PDF launches it.
    expect((await renderPdf({ title: "T", html: "<p>x</p>" })).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
