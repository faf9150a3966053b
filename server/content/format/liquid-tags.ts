import { replaceTags } from "./linear-text";

/**
 * GitBook's block tags (`{% hint style="info" %}` … `{% endhint %}`, `{% code title="x" %}` …
 * `{% endcode %}`, `{% tabs %}`/`{% tab title="x" %}`, `{% stepper %}`/`{% step %}`,
 * `{% columns %}`/`{% column %}`, `{% updates %}`/`{% update date="…" %}`, `{% file src="…" %}`,
 * `{% embed url="…" %}`, `{% content-ref url="…" %}`, `{% include "…" %}`, `{% if … %}`, the
 * OpenAPI tags) and the HTML lines it writes expandables with (`<details>`,
 * `<summary>Title</summary>`, `</details>`). Markdown has no syntax for them: the parser reads
 * each such line as a block of its own (markdown-it-parser.ts), and the document builder pairs them up.
 */
export type LiquidTag = {
  name: string;
  closing: boolean;
  attributes: Record<string, string>;
  /** What `{% if … %}` tests, or the path `{% include "…" %}` names. */
  argument?: string;
};

/** Tags whose argument is an expression written as is. */
const EXPRESSION_TAGS = new Set(["if", "elsif"]);

const isBlank = (char: string | undefined) => char === " " || char === "\t";
const isNameStart = (char: string | undefined) => char !== undefined && char >= "a" && char <= "z";
const isNameChar = (char: string | undefined) => isNameStart(char) || char === "-";
const isKeyChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_-]/.test(char);

/** A whole tag, as written alone on its line; read by hand in one pass (no pattern to backtrack). */
export function parseTag(source: string): LiquidTag | undefined {
  const line = source.trim();
  if (!line.startsWith("{%") || !line.endsWith("%}") || line.length < 4) return undefined;
  const inner = line.slice(2, -2);
  let at = 0;
  while (isBlank(inner[at])) at++;
  const closing = inner.startsWith("end", at) && isNameStart(inner[at + 3]);
  if (closing) at += 3;
  if (!isNameStart(inner[at])) return undefined;
  const nameStart = at;
  while (isNameChar(inner[at])) at++;
  const name = inner.slice(nameStart, at);
  const rest = inner.slice(at);
  if (rest !== "" && !isBlank(rest[0])) return undefined;
  if (closing) return rest.trim() === "" ? { name, closing, attributes: {} } : undefined;
  if (EXPRESSION_TAGS.has(name)) {
    const argument = rest.trim();
    return argument ? { name, closing, attributes: {}, argument } : undefined;
  }
  if (name === "include") {
    const argument = rest.trim();
    return argument.length >= 2 && argument.startsWith('"') && argument.endsWith('"') && !argument.slice(1, -1).includes('"')
      ? { name, closing, attributes: {}, argument: argument.slice(1, -1) }
      : undefined;
  }
  const attributes = attributesOf(rest);
  return attributes ? { name, closing, attributes } : undefined;
}

/** `key="value"` pairs separated by blanks, values decoded; undefined when anything else is written. */
function attributesOf(text: string): Record<string, string> | undefined {
  const attributes: Record<string, string> = {};
  let at = 0;
  for (;;) {
    const before = at;
    while (isBlank(text[at])) at++;
    if (at >= text.length) return attributes;
    if (at === before) return undefined;
    const keyStart = at;
    while (isKeyChar(text[at])) at++;
    if (at === keyStart || text[at] !== "=" || text[at + 1] !== '"') return undefined;
    const valueEnd = text.indexOf('"', at + 2);
    if (valueEnd < 0) return undefined;
    attributes[text.slice(keyStart, at)] = text.slice(at + 2, valueEnd).replaceAll("&quot;", '"');
    at = valueEnd + 1;
  }
}

export function formatTag(name: string, attributes: Record<string, string | undefined> = {}): string {
  const pairs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${value!.replaceAll('"', "&quot;")}"`);
  return `{% ${name}${pairs.join("")} %}`;
}

/** GitBook's block tags: each, written alone on a line, is a block of the page's syntax tree. */
export const BLOCK_TAG_NAMES = new Set([
  "hint",
  "code",
  "embed",
  "tabs",
  "tab",
  "file",
  "stepper",
  "step",
  "columns",
  "column",
  "updates",
  "update",
  "content-ref",
  "include",
  "if",
  "openapi",
  "swagger",
  "openapi-operation",
  "openapi-schemas",
  "openapi-webhook",
  "prompt",
]);

/** A line that is one of GitBook's block tags or an expandable's HTML line. */
export function parseBlockTagLine(line: string): LiquidTag | undefined {
  const tag = parseTag(line);
  if (tag) return BLOCK_TAG_NAMES.has(tag.name) ? tag : undefined;
  return parseDetailsTag(line);
}

const FENCE = /^[ \t>]*(`{3,}|~{3,})/;
const CONTAINER_PREFIX = /^[ \t>]*/;

const HTML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

const decodeHtmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => HTML_ENTITIES[name]!);

/**
 * An expandable's HTML line as a tag: `<details>` (`open` when written `<details open>`, with a
 * `title` when its `<summary>` is on the same line), `</details>`, or `<summary>…</summary>`
 * (named "summary", its text as `title`). Read by hand: fixed prefixes and suffixes, no pattern.
 */
export function parseDetailsTag(source: string): LiquidTag | undefined {
  const line = source.trim();
  const lower = line.toLowerCase();
  if (lower === "</details>") return { name: "details", closing: true, attributes: {} };
  const summary = summaryOf(line);
  if (summary) return { name: "summary", closing: false, attributes: summary };
  for (const opening of ["<details>", "<details open>"]) {
    if (!lower.startsWith(opening)) continue;
    const rest = line.slice(opening.length).trim();
    const attributes: Record<string, string> = opening === "<details open>" ? { open: "true" } : {};
    if (rest === "") return { name: "details", closing: false, attributes };
    const title = summaryOf(rest);
    return title === undefined ? undefined : { name: "details", closing: false, attributes: { ...attributes, ...title } };
  }
  return undefined;
}

/** A `<summary>` line's text (`title`) and its HTML as written (`titleHtml`, GitBook writes `<code>` there). */
function summaryOf(line: string): { title: string; titleHtml: string } | undefined {
  const lower = line.toLowerCase();
  if (!lower.startsWith("<summary>") || !lower.endsWith("</summary>") || line.length < "<summary></summary>".length) return undefined;
  const titleHtml = line.slice("<summary>".length, -"</summary>".length);
  return { title: decodeHtmlText(replaceTags(titleHtml, "")).trim(), titleHtml };
}

/** The attribute of a block tag that names what the page points at (a file, a page, a spec). */
const TARGET_ATTRIBUTES: Record<string, string> = { file: "src", "content-ref": "url", openapi: "src", swagger: "src" };

/** The target a tag points at, without the angle brackets GitBook writes around some (`src="<https://…>"`). */
export function tagTarget(tag: LiquidTag): string {
  const value = tag.attributes[TARGET_ATTRIBUTES[tag.name] ?? ""] ?? "";
  return value.startsWith("<") && value.endsWith(">") ? value.slice(1, -1) : value;
}

/** The source of a `{% file %}` tag. */
export const fileSource = tagTarget;

/**
 * The target of a block tag line that points at something (`{% file src="…" %}`,
 * `{% content-ref url="…" %}`, `{% openapi src="…" %}`), as written and where it lies between its
 * quotes, for a line that starts at `offset` in the page.
 */
export function tagTargetSource(line: string, offset: number): { url: string; start: number; end: number } | undefined {
  const tag = parseTag(line);
  const attribute = tag && !tag.closing ? TARGET_ATTRIBUTES[tag.name] : undefined;
  if (!attribute) return undefined;
  const marker = `${attribute}="`;
  const value = line.indexOf(marker) + marker.length;
  const end = value >= marker.length ? line.indexOf('"', value) : -1;
  return end < 0 ? undefined : { url: line.slice(value, end), start: offset + value, end: offset + end };
}

/** A block tag of either kind. */
export const parseBlockTag = (source: string): LiquidTag | undefined => parseTag(source) ?? parseDetailsTag(source);

/**
 * Surrounds every line of one of the `names` tags, and every expandable line, outside fenced code
 * with blank lines (keeping its blockquote prefix), so a tag written right against a paragraph,
 * list or table still parses as its own block.
 */
export function isolateTagLines(markdown: string, names: readonly string[]): string {
  const LIQUID_LINE = new RegExp(`^[ \\t>]*\\{%\\s*(?:end)?(?:${names.join("|")})\\b.*%\\}\\s*$`);
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length && line.trim().endsWith(marker)))) {
      fence = fence ? undefined : marker;
    }
    const prefix = CONTAINER_PREFIX.exec(line)![0];
    const isTag = !fence && (LIQUID_LINE.test(line) || parseDetailsTag(line.slice(prefix.length)) !== undefined);
    if (!isTag) {
      out.push(line);
      continue;
    }
    const blank = prefix.trimEnd();
    out.push(blank, line, blank);
  }
  return out.join("\n");
}

/**
 * Pairs block tags, one pass for all: for each opening tag named in `names` (`tags[i]`, undefined
 * where there is none), the index of the tag that closes it, nesting counted. A tag never closed
 * has no entry. Scanning forward from each opening tag instead is quadratic in the number of tags.
 */
export function pairTags(tags: readonly (LiquidTag | undefined)[], names: readonly string[]): Map<number, number> {
  const closing = new Map<number, number>();
  const open = new Map<string, number[]>();
  tags.forEach((tag, index) => {
    if (!tag || !names.includes(tag.name)) return;
    const stack = open.get(tag.name) ?? [];
    open.set(tag.name, stack);
    if (!tag.closing) stack.push(index);
    else if (stack.length > 0) closing.set(stack.pop()!, index);
  });
  return closing;
}

/** Container tags whose content may be written on the tag's own line (`{% hint style="info" %}> x{% endhint %}`). */
const CONTAINER_TAGS = new Set(["hint", "tabs", "tab", "stepper", "step", "columns", "column", "updates", "update", "if", "code"]);

/**
 * The markdown with a container tag that shares a line of text with content put on a line of its
 * own (the line's quote prefix or indentation repeated), as GitBook's reader takes it: an opening
 * tag followed by text, a closing tag after it. Only lines of paragraphs are looked at (`paragraphs`:
 * their offsets, in order), never code. One pass over the lines.
 */
export function splitTagLines(markdown: string, paragraphs: readonly { start: number; end: number }[]): string {
  const out: string[] = [];
  let changed = false;
  let next = 0;
  let lineStart = 0;
  for (const line of markdown.split("\n")) {
    const lineEnd = lineStart + line.length;
    while (next < paragraphs.length && paragraphs[next]!.end < lineStart) next++;
    const inParagraph = next < paragraphs.length && paragraphs[next]!.start <= lineEnd;
    const prefix = inParagraph && line.includes("{%") ? CONTAINER_PREFIX.exec(line)![0] : undefined;
    const split = prefix === undefined ? [line] : splitLine(line.slice(prefix.length)).map((part) => prefix + part);
    changed ||= split.length > 1;
    out.push(...split);
    lineStart = lineEnd + 1;
  }
  return changed ? out.join("\n") : markdown;
}

function splitLine(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  if (rest.startsWith("{%")) {
    const end = rest.indexOf("%}");
    const tag = end < 0 ? undefined : parseTag(rest.slice(0, end + 2));
    if (tag && !tag.closing && CONTAINER_TAGS.has(tag.name) && rest.slice(end + 2).trim() !== "") {
      parts.push(rest.slice(0, end + 2));
      rest = rest.slice(end + 2).trimStart();
    }
  }
  const trimmed = rest.trimEnd();
  if (parts.length > 0 || trimmed.endsWith("%}")) {
    const start = trimmed.lastIndexOf("{%");
    const tag = start > 0 && trimmed[start - 1] !== "\\" ? parseTag(trimmed.slice(start)) : undefined;
    if (tag?.closing && CONTAINER_TAGS.has(tag.name) && trimmed.slice(0, start).trim() !== "") return [...parts, trimmed.slice(0, start).trimEnd(), trimmed.slice(start)];
  }
  return [...parts, rest];
}
