import { parseFrontMatter, YAML_LINE } from "../../content/format/front-matter";
import { trimEndOf } from "../../content/format/linear-text";
import { frontMatterFields, type PageFileFields } from "../../content/format/page-file";

/**
 * Page metadata carried by a markdown document, as Git Sync reads it: a front matter block (the
 * page's `title`, `description`, `emoji`, `icon`, `hidden`, `noIndex`, `noRobotsIndex`, `cover`,
 * `layout` and condition `if`, as GitBook writes them) and, for a new page, a leading `# Heading`
 * as its title. Both are taken out of the stored markdown, which holds the page's body only.
 *
 * Read line by line rather than with patterns: a pattern such as `/^# (.+?)[ \t]*$/` tries the
 * run of blanks after every character of the line, which is quadratic on a line of blanks.
 */
export type MarkdownMeta = { markdown: string } & Partial<PageFileFields>;

/** Characters a pattern's `.` does not match: a line holding one is not read as a heading. */
const LINE_TERMINATOR = /[\r\u2028\u2029]/;

export function readMarkdownMeta(source: string, options: { headingAsTitle: boolean; titleMax: number }): MarkdownMeta {
  let markdown = source;
  let meta: Partial<PageFileFields> = {};
  const front = frontMatter(markdown);
  if (front && front.lines.every((line) => YAML_LINE.test(line))) {
    markdown = markdown.slice(afterBlankLines(markdown, front.end));
    meta = frontMatterFields(parseFrontMatter(front.lines));
  }
  if (options.headingAsTitle && meta.title === undefined) {
    const heading = leadingHeading(markdown);
    if (heading && heading.title && heading.title.length <= options.titleMax) {
      meta.title = heading.title;
      markdown = markdown.slice(heading.end);
    }
  }
  return { markdown, ...meta };
}

type Line = { text: string; end: number; hasNewline: boolean };

/** The line starting at `start`, without its `\n` or `\r\n`; `end` is where the next one starts. */
function lineAt(source: string, start: number): Line {
  const newline = source.indexOf("\n", start);
  if (newline < 0) return { text: source.slice(start), end: source.length, hasNewline: false };
  const text = source.slice(start, source[newline - 1] === "\r" && newline > start ? newline - 1 : newline);
  return { text, end: newline + 1, hasNewline: true };
}

const isBlanks = (text: string) => trimEndOf(text, " \t") === "";
const isDashes = (text: string) => text.startsWith("---") && isBlanks(text.slice(3));

/**
 * A block opened by a `---` line and closed by a later one (`end` is after it), with the lines
 * between. As the pattern Git Sync's readers use would, a `---` right after the opening one closes
 * an empty block only when no later `---` line closes a block holding it.
 */
function frontMatter(source: string): { lines: string[]; end: number } | undefined {
  const opening = lineAt(source, 0);
  if (!opening.hasNewline || !isDashes(opening.text)) return undefined;
  const first = lineAt(source, opening.end);
  const lines = [first.text];
  for (let line = first; line.hasNewline; ) {
    line = lineAt(source, line.end);
    if (isDashes(line.text)) return { lines, end: line.end };
    lines.push(line.text);
  }
  return isDashes(first.text) ? { lines: [], end: first.end } : undefined;
}

/** Where the text is past the blank lines that start at `start` (a last line without `\n` is not one). */
function afterBlankLines(source: string, start: number): number {
  let position = start;
  for (let line = lineAt(source, position); line.hasNewline && isBlanks(line.text); line = lineAt(source, position)) position = line.end;
  return position;
}

/** A leading `# Title` (after blank lines): its text without a closing `#` sequence, and where the body starts after it. */
function leadingHeading(source: string): { title: string; end: number } | undefined {
  let position = afterBlankLines(source, 0);
  for (let spaces = 0; spaces < 3 && source[position] === " "; spaces++) position++;
  if (source[position] !== "#" || (source[position + 1] !== " " && source[position + 1] !== "\t")) return undefined;
  position++;
  while (source[position] === " " || source[position] === "\t") position++;
  const line = lineAt(source, position);
  if (line.text === "" || LINE_TERMINATOR.test(line.text)) return undefined;
  const text = trimEndOf(line.text, " \t");
  const hashes = trimEndOf(text, "#").length;
  const closed = hashes < text.length && hashes > 0 && (text[hashes - 1] === " " || text[hashes - 1] === "\t");
  return { title: (closed ? text.slice(0, hashes) : text).trim(), end: afterBlankLines(source, line.end) };
}
