/**
 * Linear scans of user text, in place of patterns that are quadratic on hostile input: `/<[^>]*>/g`
 * makes every `<` of `<<<<…` scan to the end for a `>`, and `/\s+$/` every blank of a long run
 * of blanks not at the end. Each of these looks at every character a bounded number of times.
 */

/**
 * Replaces every span from `open` to the first `close` after it (`<` … `>`, `<!--` … `-->`) with
 * what `replace` answers for it, as `/<[^>]*>/g` or `/<!--[\s\S]*?-->/g` would.
 */
export function replaceSpans(text: string, open: string, close: string, replace: (span: string) => string): string {
  let out = "";
  let last = 0;
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, last)) {
    const end = text.indexOf(close, start + open.length);
    // No `close` after this `open`: none after any later one either.
    if (end < 0) break;
    out += text.slice(last, start) + replace(text.slice(start, end + close.length));
    last = end + close.length;
  }
  return out + text.slice(last);
}

/** Every HTML tag of `html` replaced with `replacement`. */
export const replaceTags = (html: string, replacement: string) => replaceSpans(html, "<", ">", () => replacement);

/** Trims the characters of `set` off the end of `text` (`trimEnd` for any set, in one pass). */
export function trimEndOf(text: string, set: string): string {
  let end = text.length;
  while (end > 0 && set.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/**
 * Replaces every line break with the blanks (space and tab) around it by `replacement`, as
 * `/[ \t]*\n[ \t]*\/g` would (that pattern is quadratic on a long run of spaces without a newline).
 */
export function replaceLineBreaks(text: string, replacement: string): string {
  if (!text.includes("\n")) return text;
  return text
    .split("\n")
    .map((line, index, lines) => {
      const start = index === 0 ? 0 : blanksAt(line);
      return index === lines.length - 1 ? line.slice(start) : trimEndOf(line.slice(start), " \t");
    })
    .join(replacement);
}

function blanksAt(line: string): number {
  let position = 0;
  while (position < line.length && (line[position] === " " || line[position] === "\t")) position++;
  return position;
}
