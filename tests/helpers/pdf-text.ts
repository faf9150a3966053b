import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";

/**
 * What a PDF reader gets out of our PDFs, read from the bytes as the PDF specification says: each
 * font's ToUnicode map, the text-showing operators of each page's content stream, `ActualText`
 * spans (the characters a cluster of glyphs stands for: an Arabic letter drawn as a base and its
 * dots, a lam-alef ligature) and `ReversedChars` sections (a right-to-left run, drawn left to right).
 *
 * Why not poppler's `pdftotext` alone: measured on Chromium's PDFs, it reverses the characters of an
 * ActualText span inside a ReversedChars section (lam-alef comes out as alef-lam, a mark before its
 * letter) and moves neutral punctuation across word boundaries in right-to-left lines. It reads
 * left-to-right text exactly as this reader does, and the tests check that too (`popplerText`).
 *
 * A line's runs are put back in reading order by the inverse of the Unicode bidi algorithm for two
 * levels: a line is right to left when most of its letters are (poppler decides the same way; a line
 * without letters, when the document's language is written right to left), and then its runs are
 * read from the right, keeping each left-to-right group's own order.
 */

type PdfObject = { dict: string; stream?: Buffer };

function objectsOf(bytes: Buffer): Map<number, PdfObject> {
  const text = bytes.toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(?:^|\s)(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endobj", start);
    const body = text.slice(start, end);
    const streamAt = /\bstream\r?\n/.exec(body);
    if (!streamAt) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt.index);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const from = start + streamAt.index + streamAt[0].length;
    const raw = bytes.subarray(from, from + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes("/FlateDecode") ? inflateSync(raw) : raw });
  }
  return objects;
}

const ref = (dict: string, key: string) => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return match ? Number(match[1]) : undefined;
};

function pageIds(objects: Map<number, PdfObject>): number[] {
  const catalog = [...objects.values()].find((object) => /\/Type \/Catalog\b/.test(object.dict))!;
  const walk = (id: number): number[] => {
    const dict = objects.get(id)!.dict;
    if (/\/Type \/Page\b/.test(dict)) return [id];
    const kids = /\/Kids \[([^\]]*)\]/.exec(dict)![1]!;
    return [...kids.matchAll(/(\d+) 0 R/g)].flatMap((kid) => walk(Number(kid[1])));
  };
  return walk(ref(catalog.dict, "Pages")!);
}

const utf16 = (hex: string) => Buffer.from(hex, "hex").swap16().toString("utf16le");

/** Glyph code (4 hex digits, Identity-H) to text, from a ToUnicode CMap. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(pair[1]!.toUpperCase(), utf16(pair[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const from = parseInt(range[1]!, 16);
      const to = parseInt(range[2]!, 16);
      const targets = range[3]!.startsWith("[") ? [...range[3]!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((target) => target[1]!) : null;
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).toUpperCase().padStart(range[1]!.length, "0");
        if (targets) map.set(key, utf16(targets[code - from]!));
        else {
          const base = Buffer.from(range[3]!.slice(1, -1), "hex");
          base.writeUInt16BE(base.readUInt16BE(base.length - 2) + code - from, base.length - 2);
          map.set(key, base.swap16().toString("utf16le"));
        }
      }
    }
  }
  return map;
}

/** Tokens of a content stream: operands (numbers, names, strings, arrays and dictionaries as source text) and operators. */
function* tokens(content: string): Generator<{ operator?: string; operand?: string }> {
  let index = 0;
  const skipNested = (open: string, close: string) => {
    let depth = 0;
    const start = index;
    do {
      if (content.startsWith(open, index)) {
        depth++;
        index += open.length;
      } else if (content.startsWith(close, index)) {
        depth--;
        index += close.length;
      } else if (content[index] === "(") skipLiteral();
      else index++;
    } while (depth > 0 && index < content.length);
    return content.slice(start, index);
  };
  const skipLiteral = () => {
    let depth = 0;
    do {
      if (content[index] === "\\") index++;
      else if (content[index] === "(") depth++;
      else if (content[index] === ")") depth--;
      index++;
    } while (depth > 0 && index < content.length);
  };
  while (index < content.length) {
    const char = content[index]!;
    if (/\s/.test(char)) index++;
    else if (content.startsWith("<<", index)) yield { operand: skipNested("<<", ">>") };
    else if (char === "<") {
      const end = content.indexOf(">", index);
      yield { operand: content.slice(index, end + 1) };
      index = end + 1;
    } else if (char === "[") yield { operand: skipNested("[", "]") };
    else if (char === "(") {
      const start = index;
      skipLiteral();
      yield { operand: content.slice(start, index) };
    } else {
      const word = /^[^\s<>[\]()/]+|^\/[^\s<>[\]()/]*/.exec(content.slice(index, index + 256))![0];
      index += word.length;
      yield /^[-+.\d/]/.test(word) ? { operand: word } : { operator: word };
    }
  }
}

/** A run of clusters in the order the PDF draws them; `reversed` for a ReversedChars section. */
type Run = { clusters: string[]; reversed: boolean };
type Line = { y: number; runs: Run[] };

/** A font's glyph codes to text, and how many hex digits a code takes (4 for Identity-H, 2 for Type 3). */
type FontCodes = { map: Map<string, string>; digits: number };

function pageLines(content: string, fonts: Map<string, FontCodes>): Line[] {
  const lines: Line[] = [];
  let font: FontCodes | undefined;
  let size = 10;
  let lineY = 0;
  let y = 0;
  // Marked-content stack: ActualText being collected, or a ReversedChars section.
  const marks: ({ actual: string; shown: boolean } | "reversed" | null)[] = [];
  let operands: string[] = [];
  const currentRun = (): Run => {
    const reversed = marks.includes("reversed");
    let line = lines.at(-1);
    if (!line || Math.abs(y - line.y) > size * 0.6) {
      line = { y, runs: [] };
      lines.push(line);
    }
    let run = line.runs.at(-1);
    if (!run || run.reversed !== reversed || run !== openRun) {
      run = { clusters: [], reversed };
      line.runs.push(run);
    }
    openRun = run;
    return run;
  };
  let openRun: Run | null = null;
  const show = (hexes: string[]) => {
    const actual = [...marks].reverse().find((mark): mark is { actual: string; shown: boolean } => typeof mark === "object" && mark !== null);
    if (actual) {
      if (!actual.shown) currentRun().clusters.push(actual.actual);
      actual.shown = true;
      return;
    }
    for (const hex of hexes) {
      const digits = font?.digits ?? 4;
      for (let at = 0; at < hex.length; at += digits) currentRun().clusters.push(font?.map.get(hex.slice(at, at + digits).toUpperCase()) ?? "\uFFFD");
    }
  };
  for (const token of tokens(content)) {
    if (token.operand !== undefined) {
      operands.push(token.operand);
      continue;
    }
    const args = operands;
    operands = [];
    switch (token.operator) {
      case "Tf":
        font = fonts.get(args[0]!.slice(1));
        size = Number(args[1]);
        break;
      case "Tm":
        y = lineY = Number(args[5]);
        break;
      case "Td":
        y = lineY -= Number(args[1]);
        break;
      case "Tj":
        show([args[0]!.slice(1, -1)]);
        break;
      case "TJ":
        show([...args[0]!.matchAll(/<([0-9A-Fa-f]*)>/g)].map((match) => match[1]!));
        break;
      case "BMC":
        marks.push(args[0] === "/ReversedChars" ? "reversed" : null);
        openRun = null;
        break;
      case "BDC": {
        const actual = /\/ActualText\s*<([0-9A-Fa-f]*)>/.exec(args[1] ?? "");
        marks.push(actual ? { actual: utf16(actual[1]!).replace(/^\uFEFF/, ""), shown: false } : null);
        break;
      }
      case "EMC":
        if (marks.pop() === "reversed") openRun = null;
        break;
      case "ET":
        openRun = null;
        break;
    }
  }
  return lines;
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u3040-\u30FF\u3400-\u9FFF]/g;

/** A line in reading order: each run in logical order, then the runs ordered for the line's direction. */
function lineText(line: Line, documentRtl: boolean): string {
  const runs = line.runs.map((run) => ({ text: (run.reversed ? [...run.clusters].reverse() : run.clusters).join(""), rtl: run.reversed }));
  const all = runs.map((run) => run.text).join("");
  const rtlLetters = all.match(RTL)?.length ?? 0;
  const ltrLetters = all.match(LTR)?.length ?? 0;
  // A line without letters (a page number) takes the document's direction, from its language.
  const rightToLeft = rtlLetters === ltrLetters ? documentRtl : rtlLetters > ltrLetters;
  // Groups of consecutive runs of one direction; a group's runs read in its direction.
  const groups: { rtl: boolean; texts: string[] }[] = [];
  for (const run of runs) {
    const last = groups.at(-1);
    if (last && last.rtl === run.rtl) last.texts.push(run.text);
    else groups.push({ rtl: run.rtl, texts: [run.text] });
  }
  const ordered = rightToLeft ? [...groups].reverse() : groups;
  return ordered.map((group) => (group.rtl ? [...group.texts].reverse() : group.texts).join("")).join("");
}

function readPdf(bytes: Buffer) {
  const objects = objectsOf(bytes);
  const cmaps = new Map<number, FontCodes>();
  const fontMap = (id: number): FontCodes => {
    let codes = cmaps.get(id);
    if (!codes) {
      const dict = objects.get(id)!.dict;
      const unicodeId = ref(dict, "ToUnicode");
      codes = { map: unicodeId === undefined ? new Map() : toUnicode(objects.get(unicodeId)!.stream!.toString("latin1")), digits: /\/Subtype \/Type0\b/.test(dict) ? 4 : 2 };
      cmaps.set(id, codes);
    }
    return codes;
  };
  const catalog = [...objects.values()].find((object) => /\/Type \/Catalog\b/.test(object.dict))!;
  const documentRtl = /\/Lang \((ar|fa|he|ur|yi)\b/.test(catalog.dict);
  return { objects, pages: pageIds(objects), fontMap, documentRtl };
}

/** The text of each sheet, a line per line, in reading order. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const { objects, pages, fontMap, documentRtl } = readPdf(bytes);
  return pages.map((pageId) => {
    const dict = objects.get(pageId)!.dict;
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1] ?? "";
    const fonts = new Map([...fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)].map((match) => [match[1]!, fontMap(Number(match[2]))]));
    const contents = [...(/\/Contents (?:\[([^\]]*)\]|(\d+ 0 R))/.exec(dict)?.slice(1).join(" ") ?? "").matchAll(/(\d+) 0 R/g)];
    const content = contents.map((match) => objects.get(Number(match[1]))!.stream!.toString("latin1")).join("\n");
    return pageLines(content, fonts)
      .map((line) => lineText(line, documentRtl))
      .join("\n");
  });
}

/** Whitespace normalized: runs of spaces and line breaks are one space. */
export const normalizeSpace = (text: string) => text.replace(/\s+/g, " ").trim();

/** A sheet's text without its footer, the line `n / total` that the page's @page rule prints (Chromium draws it first). */
export function withoutFooter(page: string, index: number, count: number): string {
  const lines = page.split("\n");
  const footer = lines.indexOf(`${index + 1} / ${count}`);
  if (footer < 0) throw new Error(`sheet ${index + 1} has no footer "${index + 1} / ${count}": ${JSON.stringify(page.slice(0, 80))}`);
  return lines.filter((_, at) => at !== footer).join("\n");
}

/** The whole text of the PDF without footers, whitespace normalized; a PDF with a title page has no footer on it. */
export async function pdfText(bytes: Buffer, options: { cover?: boolean } = { cover: true }): Promise<string> {
  const pages = await pdfPages(bytes);
  return normalizeSpace(pages.map((page, index) => (options.cover && index === 0 ? page : withoutFooter(page, index, pages.length))).join("\n"));
}

/**
 * The PDF's fonts: name (subset prefix removed), embedded (a font file, or a Type 3 font's own glyph
 * drawings: how Chromium writes color emoji) and whether it maps glyphs to Unicode.
 */
export async function pdfFonts(bytes: Buffer): Promise<{ name: string; embedded: boolean; unicode: boolean }[]> {
  const { objects } = readPdf(bytes);
  return [...objects.values()]
    .filter((object) => /\/Type \/Font\b/.test(object.dict) && /\/Subtype \/Type[03]\b/.test(object.dict))
    .map((object) => {
      const type3 = /\/Subtype \/Type3\b/.test(object.dict);
      const descendant = type3 ? object : objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(object.dict)![1]))!;
      const descriptor = objects.get(ref(descendant.dict, "FontDescriptor")!)!;
      const name = /\/FontName \/(\S+)/.exec(descriptor.dict)![1]!.replace(/^[A-Z]{6}\+/, "");
      return { name, embedded: type3 || /\/FontFile[23]? \d+ 0 R/.test(descriptor.dict), unicode: ref(object.dict, "ToUnicode") !== undefined };
    });
}

const run = promisify(execFile);

/** The same PDF through poppler's pdftotext (Debian's poppler-utils), whitespace normalized: a second, independent reading. */
export async function popplerText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "quire-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"], { maxBuffer: 64 << 20 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
