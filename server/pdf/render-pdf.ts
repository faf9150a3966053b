import type { BrowserContext, Route } from "playwright-core";
import { pdfBrowser, unavailable, withRenderSlot } from "./browser";
import { pdfDocumentHtml, pageSizeFor, type PdfDirection } from "./document";
import { fontFile } from "./fonts";

/**
 * HTML to PDF with Chromium's printer: it shapes every script (Arabic and Hebrew right to left
 * included), falls back between our Noto faces glyph by glyph, and embeds the fonts subset with
 * their Unicode maps, so the PDF's text can be selected, searched and extracted.
 *
 * The page is printed with JavaScript off, from an origin of its own that answers only our fonts
 * and, through `resource`, what the caller serves (a space's own files); every other request, to
 * anywhere, is refused, so content cannot make the server fetch a URL.
 */

export type PdfInput = {
  title: string;
  /** The document's body: trusted HTML (content rendered by `renderContentHtml`, wrapped by server/pdf/document.ts). */
  html: string;
  /** BCP 47 language of the content: picks the paper (Letter for en-US and the like, else A4) and the direction's default. */
  lang?: string;
  dir?: PdfDirection;
};

export type PdfResource = { body: Buffer; contentType: string };
/** Answers a same-origin path the document asks for (an image), or null for 404. */
export type PdfResourceResolver = (pathname: string) => Promise<PdfResource | null>;

/** A whole render, from page to bytes; past it the page is closed and the request fails. */
export const RENDER_TIMEOUT_MS = 60_000;

/** The origin documents are printed from; never resolved, every request to it is answered here. */
const DOCUMENT_ORIGIN = "https://print.quire.invalid";

export async function renderPdf(input: PdfInput, options: { resource?: PdfResourceResolver; timeoutMs?: number } = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
  const document = pdfDocumentHtml({ title: input.title, body: input.html, lang: input.lang, dir: input.dir });
  return withRenderSlot(async () => {
    const browser = await pdfBrowser();
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: "block", acceptDownloads: false });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable(`The PDF took longer than ${timeoutMs / 1000} s to print: try again, or export fewer pages.`)), timeoutMs);
    });
    const printing = print(context, document, input.lang, options.resource);
    // Past the time limit the context is closed under it: its failure then is expected, not unhandled.
    printing.catch(() => undefined);
    try {
      return await Promise.race([timedOut, printing]);
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  });
}

async function print(context: BrowserContext, document: string, lang: string | undefined, resource: PdfResourceResolver | undefined): Promise<Buffer> {
  // A request still being answered when the context closes (a timeout) has nobody left to answer.
  await context.route("**/*", (route) => answer(route, document, resource).catch(() => undefined));
  const page = await context.newPage();
  // The caller's time limit ends the render; Playwright's own would stop at 30 s.
  await page.goto(`${DOCUMENT_ORIGIN}/`, { waitUntil: "load", timeout: 0 });
  return page.pdf({ format: pageSizeFor(lang), printBackground: true, preferCSSPageSize: true, tagged: true, outline: true });
}

async function answer(route: Route, document: string, resource: PdfResourceResolver | undefined): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.origin !== DOCUMENT_ORIGIN || request.method() !== "GET") return route.abort("blockedbyclient");
  if (url.pathname === "/" && request.isNavigationRequest() && request.frame().parentFrame() === null) {
    return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: document });
  }
  if (request.isNavigationRequest()) return route.abort("blockedbyclient");
  const font = await fontFile(url.pathname);
  if (font) return route.fulfill({ status: 200, contentType: "font/woff2", body: font });
  const served = resource ? await resource(url.pathname).catch(() => null) : null;
  if (served) return route.fulfill({ status: 200, contentType: served.contentType, body: served.body });
  return route.fulfill({ status: 404, body: "" });
}
