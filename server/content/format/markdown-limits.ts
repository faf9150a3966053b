/**
 * A page's markdown is at most this large (UTF-8). Real pages are far smaller (a long guide is
 * 20–50 KiB, a long changelog a few hundred); parsing is linear (markdown-it-parser.ts), and a
 * page this large is read, keyed and written back well within the write budget. Past it, `/v1`'s
 * 1 MiB body could not carry the page as JSON anyway.
 */
export const MAX_MARKDOWN_BYTES = 512 * 1024;

/**
 * How deeply page markdown may nest block containers (quotes, list items, `{% hint %}`,
 * `{% code %}` and `{% tabs %}`/`{% tab %}` blocks, `<details>` expandables). Real pages stay under ten; parsing and every tree walk stay well inside
 * the stack at this depth. Writes of deeper markdown answer 400; pages stored before the limit
 * are read with what lies deeper flattened into the container at this depth.
 */
export const MAX_NESTING = 64;

/** Block tags the document builder and the PDF writer pair up and nest (embeds are void, and files hold only their caption, often not closed). */
const NESTING_TAGS = new Set(["hint", "code", "tabs", "tab"]);

const TAB_WIDTH = 4;

/**
 * An upper bound of the nesting of `markdown`'s block containers, found in one pass over its
 * lines, so that it costs microseconds whatever the input (a parser may take seconds on hostile
 * markdown). Per line: the quote (`>`) and list markers (`-`, `*`, `+`, `1.`, `1)`) it starts
 * with, one level per two columns of indentation before a marker (how lists nest), and the block
 * tags open around the line. It never counts less than a parser finds; it may count more (an
 * indented code block that looks like a list). Scanning stops once the count passes `above`.
 */
export function nestingDepth(markdown: string, above = Infinity): number {
  let deepest = 0;
  let openTags = 0;
  for (let start = 0; start <= markdown.length && deepest <= above; ) {
    const newline = markdown.indexOf("\n", start);
    const end = newline < 0 ? markdown.length : newline;
    const { markers, columns, rest } = containerPrefix(markdown, start, end);
    deepest = Math.max(deepest, markers + Math.floor(columns / 2) + openTags);
    const tag = blockTagAt(markdown, rest, end);
    if (tag === "open") openTags++;
    else if (tag === "close") openTags = Math.max(0, openTags - 1);
    start = end + 1;
  }
  return deepest;
}

/**
 * The container markers at the start of a line, the indentation columns before them (the one
 * space a marker takes is not counted), and where the line's content begins.
 */
function containerPrefix(text: string, start: number, end: number): { markers: number; columns: number; rest: number } {
  let markers = 0;
  let columns = 0;
  let position = start;
  for (;;) {
    let width = 0;
    let next = position;
    while (next < end && (text[next] === " " || text[next] === "\t")) {
      width += text[next] === "\t" ? TAB_WIDTH : 1;
      next++;
    }
    const marker = markerLength(text, next, end);
    if (marker === 0) return { markers, columns, rest: next };
    markers++;
    columns += markers > 1 ? Math.max(0, width - 1) : width;
    position = next + marker;
  }
}

/** Length of a quote or list marker at `at` (0 when there is none): `>`, or a bullet or number followed by a space or the line's end. */
function markerLength(text: string, at: number, end: number): number {
  if (at >= end) return 0;
  const char = text[at]!;
  if (char === ">") return 1;
  const followedBySpace = (after: number) => after === end || text[after] === " " || text[after] === "\t";
  if ((char === "-" || char === "*" || char === "+") && followedBySpace(at + 1)) return 1;
  let digits = 0;
  while (digits < 9 && at + digits < end && text[at + digits]! >= "0" && text[at + digits]! <= "9") digits++;
  const delimiter = text[at + digits];
  return digits > 0 && (delimiter === "." || delimiter === ")") && followedBySpace(at + digits + 1) ? digits + 1 : 0;
}

/** Whether the line's content from `at` opens or closes a nesting block tag (`{% hint … %}`, `{% endcode %}`, `<details>`). */
function blockTagAt(text: string, at: number, end: number): "open" | "close" | null {
  if (startsWithIgnoringCase(text, at, "<details")) return "open";
  if (startsWithIgnoringCase(text, at, "</details")) return "close";
  if (!text.startsWith("{%", at)) return null;
  let position = at + 2;
  while (position < end && (text[position] === " " || text[position] === "\t")) position++;
  const closing = text.startsWith("end", position);
  if (closing) position += 3;
  let nameEnd = position;
  while (nameEnd < end && /[a-z-]/.test(text[nameEnd]!)) nameEnd++;
  if (!NESTING_TAGS.has(text.slice(position, nameEnd))) return null;
  return closing ? "close" : "open";
}

const startsWithIgnoringCase = (text: string, at: number, prefix: string) => text.slice(at, at + prefix.length).toLowerCase() === prefix;

/** What is wrong with page markdown before any parsing (too large, nested too deeply), or null. */
export function markdownLimitProblem(markdown: string): string | null {
  // The UTF-16 length is at most the UTF-8 size: only a string that might be too large is measured.
  if (markdown.length > MAX_MARKDOWN_BYTES / 3 && Buffer.byteLength(markdown) > MAX_MARKDOWN_BYTES) return `larger than ${MAX_MARKDOWN_BYTES / 1024} KiB`;
  if (nestingDepth(markdown, MAX_NESTING) > MAX_NESTING) return `nested deeper than ${MAX_NESTING} levels (quotes, list items, hint, code, tab and expandable blocks)`;
  return null;
}
