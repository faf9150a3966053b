import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * What a PDF reader gets out of a PDF, through poppler's `pdftotext` and `pdffonts` (Debian's
 * poppler-utils, installed by `npm test` like Chromium). Poppler honours the `ActualText` spans
 * Chromium writes around shaped clusters (Arabic letters drawn as several glyphs) and orders
 * right-to-left lines logically, wrapping them in U+202B … U+202C, the bidi embedding controls.
 */

const run = promisify(execFile);

async function withFile<T>(bytes: Buffer, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "quire-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each sheet, in logical order, bidi controls removed (they are direction marks, not text). */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const { stdout } = await withFile(bytes, (file) => run("pdftotext", ["-enc", "UTF-8", file, "-"], { maxBuffer: 64 << 20 }));
  const pages = stdout.replace(/[\u202a-\u202e\u2066-\u2069]/g, "").split("\f");
  // pdftotext ends the last sheet with a form feed too.
  if (pages.at(-1)?.trim() === "") pages.pop();
  return pages;
}

/** Whitespace normalized: runs of spaces and line breaks are one space. */
export const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

/** A sheet's text without its footer (`n / total`, printed by the page's @page rule at its foot). */
export function withoutFooter(page: string, index: number, count: number): string {
  const footer = new RegExp(`\\s*${index + 1}\\s*/\\s*${count}\\s*$`);
  if (!footer.test(page)) throw new Error(`sheet ${index + 1} has no footer "${index + 1} / ${count}": ${JSON.stringify(page.slice(-80))}`);
  return page.replace(footer, "");
}

/** The whole text of the PDF without footers, whitespace normalized; a PDF with a title page has no footer on it. */
export async function pdfText(bytes: Buffer, options: { cover?: boolean } = { cover: true }): Promise<string> {
  const pages = await pdfPages(bytes);
  return normalizeSpace(pages.map((page, index) => (options.cover && index === 0 ? page : withoutFooter(page, index, pages.length))).join("\n"));
}

/** The embedded fonts' names (subset prefix removed) and whether each has a Unicode map. */
export async function pdfFonts(bytes: Buffer): Promise<{ name: string; embedded: boolean; unicode: boolean }[]> {
  const { stdout } = await withFile(bytes, (file) => run("pdffonts", [file]));
  return stdout
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object ID: the flags are the 5th to 3rd columns from the end.
      const [emb, , uni] = columns.slice(-5, -2);
      return { name: columns[0]!.replace(/^[A-Z]{6}\+/, ""), embedded: emb === "yes", unicode: uni === "yes" };
    });
}
