import { FONT_STACKS, fontFaceCss } from "./fonts";

/**
 * The HTML document a PDF is printed from: the print stylesheet (page size and margins, page
 * numbers in the footer, the fonts of every script) around content HTML. Content comes from the
 * published site's renderer (`renderContentHtml`), so a PDF reads like the page; the pieces here
 * (cover, contents, chapters) put several pages into one document.
 */

export type PdfDirection = "ltr" | "rtl";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Letter where it is the usual paper (the US, Canada, Mexico, the Philippines, Chile, Colombia, Venezuela), A4 everywhere else. */
const LETTER_REGIONS = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE"]);

export function pageSizeFor(lang: string | undefined): "A4" | "Letter" {
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(lang ?? "")?.[1]?.toUpperCase();
  return region && LETTER_REGIONS.has(region) ? "Letter" : "A4";
}

/** Languages written right to left, by their ISO 639 code (a `lang` like `ar-EG` counts as `ar`). */
const RTL_LANGUAGES = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"]);

export function directionOf(lang: string | undefined): PdfDirection {
  return RTL_LANGUAGES.has((lang ?? "").split(/[-_]/)[0]!.toLowerCase()) ? "rtl" : "ltr";
}

export const chapterAnchor = (pageId: string) => `page-${pageId}`;

/** The first sheet: what was exported, its title, and lines about the export. */
export function coverHtml(cover: { label?: string; title: string; subtitle?: string; details?: string[] }): string {
  return [
    `<section class="cover">`,
    cover.label ? `<p class="cover-label">${escapeHtml(cover.label)}</p>` : "",
    `<h1 class="cover-title">${escapeHtml(cover.title)}</h1>`,
    cover.subtitle ? `<p class="cover-subtitle">${escapeHtml(cover.subtitle)}</p>` : "",
    ...(cover.details ?? []).map((line) => `<p class="cover-detail">${escapeHtml(line)}</p>`),
    `</section>`,
  ].join("");
}

export type ChapterEntry = { id: string; title: string; depth: number };

/** A table of contents whose entries jump to their chapter. */
export function contentsHtml(entries: ChapterEntry[]): string {
  const rows = entries.map((entry) => `<li style="--depth:${Math.min(entry.depth, 6)}"><a href="#${chapterAnchor(entry.id)}">${escapeHtml(entry.title || "Untitled")}</a></li>`);
  return `<nav class="contents" aria-label="Contents"><h1>Contents</h1><ol>${rows.join("")}</ol></nav>`;
}

type TreePage = { id: string; parentId: string | null; title: string };

/** The titles of a page's ancestors, from the top (a cycle in bad data ends the walk). */
export function breadcrumbOf(page: TreePage, byId: Map<string, TreePage>): string[] {
  const titles: string[] = [];
  const seen = new Set([page.id]);
  for (let parent = page.parentId ? byId.get(page.parentId) : undefined; parent && !seen.has(parent.id); parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
    seen.add(parent.id);
    titles.unshift(parent.title);
  }
  return titles;
}

/** One page of content, led by its heading, starting a new sheet (except for the first of a document without a cover). */
export function chapterHtml(chapter: { id: string; title: string; description?: string; breadcrumb?: string[]; html: string; lang?: string; dir?: PdfDirection }): string {
  const langAttributes = `${chapter.lang ? ` lang="${escapeHtml(chapter.lang)}"` : ""}${chapter.dir ? ` dir="${chapter.dir}"` : ""}`;
  return [
    `<article class="chapter" id="${chapterAnchor(chapter.id)}"${langAttributes}>`,
    `<header class="chapter-header">`,
    chapter.breadcrumb?.length ? `<p class="breadcrumb">${chapter.breadcrumb.map(escapeHtml).join(" / ")}</p>` : "",
    `<h1 class="chapter-title">${escapeHtml(chapter.title || "Untitled")}</h1>`,
    chapter.description ? `<p class="chapter-description">${escapeHtml(chapter.description)}</p>` : "",
    `</header>`,
    `<div class="content">${chapter.html}</div>`,
    `</article>`,
  ].join("");
}

/** The whole document: `body` is trusted HTML (built from the pieces above and the content renderer). */
export function pdfDocumentHtml(document: { title: string; body: string; lang?: string; dir?: PdfDirection }): string {
  const lang = document.lang || "en";
  const dir = document.dir ?? directionOf(lang);
  return `<!doctype html><html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title><style>${fontFaceCss()}${printCss(pageSizeFor(lang))}</style></head><body>${document.body}</body></html>`;
}

function printCss(size: "A4" | "Letter"): string {
  return `
@page { size: ${size}; margin: 20mm 18mm 22mm;
  @bottom-center { content: counter(page) " / " counter(pages); font: 8pt ${FONT_STACKS.text}; color: #6b7280; } }
@page cover { @bottom-center { content: none; } }
html { font: 10.5pt/1.55 ${FONT_STACKS.text}; color: #1f2937; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; }
/* Each paragraph takes its direction from its own first letters, so Arabic or Hebrew in a left-to-right page still reads right to left. */
p, li, h1, h2, h3, h4, h5, h6, td, th, dt, dd, figcaption, summary, blockquote { unicode-bidi: plaintext; text-align: start; }
.cover { page: cover; break-after: page; padding-top: 70mm; border-top: 4mm solid #4f46e5; }
.cover-label { font-weight: 700; font-size: 9pt; letter-spacing: .04em; color: #4f46e5; margin: 0 0 4mm; }
.cover-title { font-size: 28pt; line-height: 1.2; margin: 0 0 3mm; color: #111827; }
.cover-subtitle { font-size: 15pt; margin: 0 0 8mm; }
.cover-detail { font-size: 9.5pt; color: #6b7280; margin: 0 0 1.5mm; }
.contents { break-after: page; }
.contents ol { list-style: none; padding: 0; margin: 0; }
.contents li { padding-inline-start: calc(var(--depth) * 5mm); margin: 0 0 1.5mm; }
.contents a { color: inherit; text-decoration: none; }
.chapter + .chapter, .cover + .chapter, .contents + .chapter { break-before: page; }
.chapter-header { border-bottom: .3mm solid #d1d5db; padding-bottom: 3mm; margin-bottom: 6mm; }
.breadcrumb { font-size: 8.5pt; color: #6b7280; margin: 0 0 1mm; }
.chapter-title { font-size: 20pt; line-height: 1.25; margin: 0; color: #111827; }
.chapter-description { font-size: 11.5pt; color: #6b7280; margin: 2mm 0 0; }
.content h1, .content h2, .content h3, .content h4 { color: #111827; line-height: 1.3; margin: 6mm 0 2mm; break-after: avoid; }
.content h1 { font-size: 16pt; } .content h2 { font-size: 14pt; } .content h3 { font-size: 12pt; } .content h4 { font-size: 11pt; }
.content p, .content ul, .content ol, .content table, .content pre, .content blockquote, .content figure, .content details { margin: 0 0 3mm; }
.content a { color: #2563eb; }
.content code, .content pre, .content kbd { font-family: ${FONT_STACKS.mono}; font-size: 9pt; }
.content :not(pre) > code { background: #f3f4f6; border-radius: 1mm; padding: 0 1mm; color: #9d174d; }
.content pre { background: #f3f4f6; border-radius: 1.5mm; padding: 3mm 4mm; white-space: pre-wrap; overflow-wrap: anywhere; break-inside: avoid; }
.content table { border-collapse: collapse; max-width: 100%; }
.content th, .content td { border: .3mm solid #d1d5db; padding: 1.5mm 2.5mm; vertical-align: top; }
.content th { background: #f9fafb; }
.content blockquote { border-inline-start: 1mm solid #d1d5db; padding-inline-start: 4mm; color: #4b5563; margin-inline: 0; }
.content img { max-width: 100%; height: auto; break-inside: avoid; }
.content figure { margin-inline: 0; }
.content figcaption { font-size: 9pt; color: #6b7280; }
.content .sr-only { display: none; }
.content svg { width: 1.1em; height: 1.1em; vertical-align: -.15em; }
.content .hint { display: flex; gap: 2mm; }
.content .tab-title { font-weight: 700; margin: 0 0 1mm; }
.content .tab-panel { border-inline-start: .5mm solid #d1d5db; padding-inline-start: 3mm; margin: 0 0 3mm; }
.content .file-card a { display: inline-flex; gap: 2mm; text-decoration: none; color: inherit; }
.content .file-details { color: #6b7280; margin-inline-start: 2mm; }
.content aside, .content .hint { border-inline-start: 1mm solid #2563eb; background: #eff6ff; padding: 2mm 4mm; margin: 0 0 3mm; break-inside: avoid; }
.content [data-hint="warning"], .content .hint-warning { border-color: #d97706; background: #fffbeb; }
.content [data-hint="danger"], .content .hint-danger { border-color: #dc2626; background: #fef2f2; }
.content [data-hint="success"], .content .hint-success { border-color: #16a34a; background: #f0fdf4; }
.content hr { border: 0; border-top: .3mm solid #d1d5db; margin: 5mm 0; }
.content details > summary { font-weight: 700; list-style: none; }
/* Paper cannot be clicked open: an expandable prints open. */
.content details::details-content { content-visibility: visible; display: block; }
`;
}
