import { printDocument, withRenderSlot, type PdfResourceResolver } from "./browser";
import { pdfDocumentHtml, pageSizeFor, type PdfDirection } from "./document";

export type { PdfResource, PdfResourceResolver } from "./browser";

/**
 * HTML to PDF with Chromium's printer: it shapes every script (Arabic and Hebrew right to left
 * included), falls back between our Noto faces glyph by glyph, and embeds the fonts subset with
 * their Unicode maps, so the PDF's text can be selected, searched and extracted.
 *
 * The page is printed with JavaScript off, from an origin of its own that answers only our fonts
 * and, through `resource`, what the caller serves (a space's own files); every other request, to
 * anywhere, is refused, so content cannot make the server fetch a URL (print-worker.ts).
 */

export type PdfInput = {
  title: string;
  /** The document's body: trusted HTML (content rendered by `renderContentHtml`, wrapped by server/pdf/document.ts). */
  html: string;
  /** BCP 47 language of the content: picks the paper (Letter for en-US and the like, else A4) and the direction's default. */
  lang?: string;
  dir?: PdfDirection;
};

/** A whole render, from page to bytes; past it the page is closed and the request fails. */
export const RENDER_TIMEOUT_MS = 60_000;

export async function renderPdf(input: PdfInput, options: { resource?: PdfResourceResolver; timeoutMs?: number } = {}): Promise<Buffer> {
  const document = pdfDocumentHtml({ title: input.title, body: input.html, lang: input.lang, dir: input.dir });
  return withRenderSlot(() => printDocument(document, pageSizeFor(input.lang), { resource: options.resource, timeoutMs: options.timeoutMs ?? RENDER_TIMEOUT_MS }));
}
