import PDFDocument from "pdfkit";
import { MarkdownWriter } from "./markdown-writer";
import { COLORS, FONTS, PAGE_MARGINS, type Doc, type Frame } from "./pdf-style";
import { toWinAnsi } from "./win-ansi";

/** One page of content to print, in reading order; `depth` 0 is the top level of the export. */
export type PdfPage = { id: string; title: string; description?: string; breadcrumb: string[]; depth: number; markdown: string };

export type PdfSource = {
  /** Shown above the title on the title page, e.g. "Change request #3 · open". */
  label: string;
  title: string;
  subtitle: string;
  /** Lines under the title (what was exported, by whom, when). */
  details: string[];
  pages: PdfPage[];
};

const CONTENTS_ROW = 18;
const CONTENTS_HEADING = 56;

/**
 * A PDF of pages of content: a title page, a table of contents with page numbers when there is
 * more than one page, then each page on a new sheet with its title, and page numbers in the
 * footer. PDF bookmarks mirror the page tree, and links between exported pages jump inside it.
 * `onPage` is told as each page (by its index in `source.pages`) begins.
 */
export async function renderPdf(source: PdfSource, options: { onPage?: (index: number) => void } = {}): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: "A4",
    margins: PAGE_MARGINS,
    // Pages stay in memory until the end, so contents and footers can be written once numbers are known.
    bufferPages: true,
    autoFirstPage: false,
    pdfVersion: "1.7",
    displayTitle: true,
    info: { Title: source.title, Subject: source.subtitle, Creator: "Quire", Producer: "Quire" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  titlePage(doc, source);
  const contents = source.pages.length > 1 ? reserveContents(doc, source.pages.length) : [];

  const pageIds = new Set(source.pages.map((page) => page.id));
  const firstSheet = new Map<string, number>();
  const outline: PDFKit.PDFOutline[] = [];
  for (const [index, page] of source.pages.entries()) {
    options.onPage?.(index);
    doc.addPage();
    firstSheet.set(page.id, currentSheet(doc));
    doc.addNamedDestination(destinationOf(page.id));
    const parent = outline[page.depth - 1] ?? doc.outline;
    outline[page.depth] = parent.addItem(toWinAnsi(page.title) || "Untitled", { expanded: page.depth === 0 });
    outline.length = page.depth + 1;
    const frame = contentFrame(doc);
    pageHeading(doc, page, frame);
    new MarkdownWriter(doc, page.markdown, { pageIds, destinationOf }).write(frame, page.title);
  }

  if (contents.length > 0) writeContents(doc, contents, source.pages, firstSheet);
  footers(doc, source);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const destinationOf = (pageId: string) => `page-${pageId}`;

function contentFrame(doc: Doc): Frame {
  return { left: doc.page.margins.left, width: doc.page.width - doc.page.margins.left - doc.page.margins.right };
}

function currentSheet(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

function titlePage(doc: Doc, source: PdfSource): void {
  doc.addPage();
  const frame = contentFrame(doc);
  doc.save().rect(0, 0, doc.page.width, 12).fill(COLORS.accent).restore();
  doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.accent).text(toWinAnsi(source.label).toUpperCase(), frame.left, 230, { width: frame.width, characterSpacing: 1.2 });
  doc.moveDown(0.8);
  doc.font(FONTS.bold).fontSize(30).fillColor(COLORS.heading).text(toWinAnsi(source.title), { width: frame.width, lineGap: 2 });
  doc.moveDown(0.3);
  doc.font(FONTS.regular).fontSize(16).fillColor(COLORS.text).text(toWinAnsi(source.subtitle), { width: frame.width, lineGap: 2 });
  const ruleY = doc.y + 18;
  doc.save().lineWidth(2).moveTo(frame.left, ruleY).lineTo(frame.left + 64, ruleY).stroke(COLORS.accent).restore();
  doc.y = ruleY + 18;
  for (const line of source.details) {
    doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted).text(toWinAnsi(line), frame.left, doc.y, { width: frame.width, lineGap: 3 });
  }
  doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted).text("Exported from Quire", frame.left, doc.page.height - doc.page.margins.bottom - 10, { width: frame.width, lineBreak: false });
}

/** Blank sheets for the table of contents, filled in at the end: one row per page, so their number is known now. */
function reserveContents(doc: Doc, entries: number): number[] {
  const height = doc.page.height - PAGE_MARGINS.top - PAGE_MARGINS.bottom;
  const firstRows = Math.floor((height - CONTENTS_HEADING) / CONTENTS_ROW);
  const otherRows = Math.floor(height / CONTENTS_ROW);
  const sheets = 1 + Math.max(0, Math.ceil((entries - firstRows) / otherRows));
  return Array.from({ length: sheets }, () => {
    doc.addPage();
    return currentSheet(doc);
  });
}

function writeContents(doc: Doc, sheets: number[], pages: PdfPage[], firstSheet: Map<string, number>): void {
  let sheet = 0;
  doc.switchToPage(sheets[0]!);
  const frame = contentFrame(doc);
  doc.font(FONTS.bold).fontSize(20).fillColor(COLORS.heading).text("Contents", frame.left, doc.page.margins.top, { width: frame.width });
  let y = doc.page.margins.top + CONTENTS_HEADING;
  const bottom = doc.page.height - doc.page.margins.bottom;
  for (const page of pages) {
    if (y + CONTENTS_ROW > bottom + 0.5) {
      doc.switchToPage(sheets[++sheet]!);
      y = doc.page.margins.top;
    }
    const number = String(firstSheet.get(page.id)! + 1);
    const indent = Math.min(page.depth, 6) * 14;
    const font = page.depth === 0 ? FONTS.bold : FONTS.regular;
    doc.font(FONTS.regular).fontSize(10);
    const numberWidth = doc.widthOfString(number);
    const titleWidth = frame.width - indent - numberWidth - 24;
    const title = toWinAnsi(page.title) || "Untitled";
    doc.font(font).fontSize(10).fillColor(COLORS.text);
    const shownWidth = Math.min(doc.widthOfString(title), titleWidth);
    doc.text(title, frame.left + indent, y, { width: titleWidth, height: CONTENTS_ROW - 4, ellipsis: true, goTo: destinationOf(page.id) });
    // Dot leaders from the title to its page number.
    const leaderY = y + 9;
    doc.save().lineWidth(0.8).dash(0.8, { space: 2.5 }).moveTo(frame.left + indent + shownWidth + 6, leaderY).lineTo(frame.left + frame.width - numberWidth - 6, leaderY).stroke(COLORS.rule).undash().restore();
    doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted).text(number, frame.left + frame.width - numberWidth, y, { lineBreak: false, goTo: destinationOf(page.id) });
    y += CONTENTS_ROW;
  }
}

function pageHeading(doc: Doc, page: PdfPage, frame: Frame): void {
  if (page.breadcrumb.length > 0) {
    doc.font(FONTS.regular).fontSize(8.5).fillColor(COLORS.muted).text(toWinAnsi(page.breadcrumb.join("  /  ")), frame.left, doc.y, { width: frame.width });
    doc.y += 4;
  }
  doc.font(FONTS.bold).fontSize(22).fillColor(COLORS.heading).text(toWinAnsi(page.title) || "Untitled", frame.left, doc.y, { width: frame.width, lineGap: 2 });
  if (page.description) {
    doc.y += 3;
    doc.font(FONTS.regular).fontSize(11.5).fillColor(COLORS.muted).text(toWinAnsi(page.description), frame.left, doc.y, { width: frame.width, lineGap: 2 });
  }
  const ruleY = doc.y + 8;
  doc.save().lineWidth(0.7).moveTo(frame.left, ruleY).lineTo(frame.left + frame.width, ruleY).stroke(COLORS.rule).restore();
  doc.x = frame.left;
  doc.y = ruleY + 16;
}

/** The export's title and "n / total" at the foot of every sheet but the title page. */
function footers(doc: Doc, source: PdfSource): void {
  const { start, count } = doc.bufferedPageRange();
  for (let sheet = start + 1; sheet < start + count; sheet++) {
    doc.switchToPage(sheet);
    const frame = contentFrame(doc);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottomMargin + 26;
    const number = `${sheet + 1} / ${count}`;
    doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
    const numberWidth = doc.widthOfString(number);
    doc.text(toWinAnsi(`${source.title}  ·  ${source.subtitle}`), frame.left, y, { width: frame.width - numberWidth - 24, height: 10, ellipsis: true });
    doc.text(number, frame.left + frame.width - numberWidth, y, { lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}
