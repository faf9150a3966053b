import { esc } from "../render/html";

/** Search snippets: matched words marked by the index's headline, as ranges and as HTML. */

/** A matched word in a snippet: [start, end) in UTF-16 code units of `snippet`. */
export type Highlight = [number, number];

// Private-use characters: never in a page body's words, so they mark matches unambiguously.
export const MARKS = { start: "\uE000", stop: "\uE001" };

/** A snippet with its marks taken out and turned into ranges. */
export function unmark(marked: string): { snippet: string; highlights: Highlight[] } {
  const highlights: Highlight[] = [];
  let snippet = "";
  let start = -1;
  for (const char of marked) {
    if (char === MARKS.start) start = snippet.length;
    else if (char === MARKS.stop) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += char;
  }
  return { snippet, highlights };
}

/** The snippet as HTML, its matched words in `<mark>`. */
export function markedSnippet(snippet: string, highlights: Highlight[]): string {
  let html = "";
  let at = 0;
  for (const [start, end] of highlights) {
    if (start < at) continue;
    html += `${esc(snippet.slice(at, start))}<mark>${esc(snippet.slice(start, end))}</mark>`;
    at = end;
  }
  return html + esc(snippet.slice(at));
}
