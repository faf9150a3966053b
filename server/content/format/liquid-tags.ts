import { replaceTags } from "./linear-text";

/**
 * GitBook's block tags (`{% hint style="info" %}` … `{% endhint %}`, `{% code title="x" %}` …
 * `{% endcode %}`, `{% tabs %}`/`{% tab title="x" %}`, `{% file src="…" %}`, `{% embed url="…" %}`)
 * and the HTML lines it writes expandables with (`<details>`, `<summary>Title</summary>`,
 * `</details>`). Markdown has no syntax for them, so each tag line is made a block of its own
 * before parsing, and the document builder pairs them up.
 */
export type LiquidTag = { name: string; closing: boolean; attributes: Record<string, string> };

const TAG = /^\{%\s*(end)?([a-z][a-z-]*)((?:\s+[A-Za-z]+="[^"]*")*)\s*%\}$/;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;
const FENCE = /^[ \t>]*(`{3,}|~{3,})/;
const CONTAINER_PREFIX = /^[ \t>]*/;

export function parseTag(source: string): LiquidTag | undefined {
  const match = TAG.exec(source.trim());
  if (!match) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, key, value] of (match[3] ?? "").matchAll(ATTRIBUTE)) attributes[key!] = value!.replaceAll("&quot;", '"');
  return { name: match[2]!, closing: match[1] !== undefined, attributes };
}

export function formatTag(name: string, attributes: Record<string, string | undefined> = {}): string {
  const pairs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${value!.replaceAll('"', "&quot;")}"`);
  return `{% ${name}${pairs.join("")} %}`;
}

/** The block tags the document builder and the PDF writer pair up. */
const DOCUMENT_TAGS = ["hint", "code", "embed", "tabs", "tab", "file"] as const;

const HTML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

/** Text as GitBook writes it inside `<summary>`: `&`, `<` and `>` escaped. */
export const escapeHtmlText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

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
  const summary = summaryText(line);
  if (summary !== undefined) return { name: "summary", closing: false, attributes: { title: summary } };
  for (const opening of ["<details>", "<details open>"]) {
    if (!lower.startsWith(opening)) continue;
    const rest = line.slice(opening.length).trim();
    const attributes: Record<string, string> = opening === "<details open>" ? { open: "true" } : {};
    if (rest === "") return { name: "details", closing: false, attributes };
    const title = summaryText(rest);
    return title === undefined ? undefined : { name: "details", closing: false, attributes: { ...attributes, title } };
  }
  return undefined;
}

function summaryText(line: string): string | undefined {
  const lower = line.toLowerCase();
  if (!lower.startsWith("<summary>") || !lower.endsWith("</summary>") || line.length < "<summary></summary>".length) return undefined;
  return decodeHtmlText(replaceTags(line.slice("<summary>".length, -"</summary>".length), "")).trim();
}

/** The source of a `{% file %}` tag, without the angle brackets GitBook writes around some (`src="<https://…>"`). */
export function fileSource(tag: LiquidTag): string {
  const src = tag.attributes.src ?? "";
  return src.startsWith("<") && src.endsWith(">") ? src.slice(1, -1) : src;
}

/**
 * The sources of the `{% file src="…" %}` tags among the lines of `text` (a paragraph's source,
 * which starts at `offset` in the page): each value as written and where it lies between its quotes.
 */
export function fileSources(text: string, offset: number): { url: string; start: number; end: number }[] {
  const found: { url: string; start: number; end: number }[] = [];
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const tag = line.includes("file") ? parseTag(line) : undefined;
    const value = tag?.name === "file" && !tag.closing ? line.indexOf('src="') + 'src="'.length : -1;
    const end = value > 0 ? line.indexOf('"', value) : -1;
    if (end >= 0) found.push({ url: line.slice(value, end), start: offset + lineStart + value, end: offset + lineStart + end });
    lineStart += line.length + 1;
  }
  return found;
}

/** A block tag of either kind. */
export const parseBlockTag = (source: string): LiquidTag | undefined => parseTag(source) ?? parseDetailsTag(source);

/**
 * Surrounds every line of one of the `names` tags, and every expandable line, outside fenced code
 * with blank lines (keeping its blockquote prefix), so a tag written right against a paragraph,
 * list or table still parses as its own block.
 */
export function isolateTagLines(markdown: string, names: readonly string[] = DOCUMENT_TAGS): string {
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
