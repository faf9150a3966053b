/**
 * GitBook's block tags (`{% hint style="info" %}` … `{% endhint %}`, `{% code title="x" %}` …
 * `{% endcode %}`, `{% embed url="…" %}`). Markdown has no syntax for them, so each tag line is
 * made a paragraph of its own before parsing, and the document builder pairs them up.
 */
export type LiquidTag = { name: string; closing: boolean; attributes: Record<string, string> };

const TAG = /^\{%\s*(end)?([a-z][a-z-]*)((?:\s+[A-Za-z]+="[^"]*")*)\s*%\}$/;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;
const FENCE = /^[ \t>]*(`{3,}|~{3,})/;

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
const DOCUMENT_TAGS = ["hint", "code", "embed"] as const;

/**
 * Surrounds every line of one of the `names` tags outside fenced code with blank lines (keeping
 * its blockquote prefix), so a tag written right against a paragraph, list or table still parses
 * as its own paragraph.
 */
export function isolateTagLines(markdown: string, names: readonly string[] = DOCUMENT_TAGS): string {
  const TAG_LINE = new RegExp(`^([ \\t>]*)\\{%\\s*(?:end)?(?:${names.join("|")})\\b.*%\\}\\s*$`);
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length && line.trim().endsWith(marker)))) {
      fence = fence ? undefined : marker;
    }
    const tag = fence ? undefined : TAG_LINE.exec(line);
    if (!tag) {
      out.push(line);
      continue;
    }
    const blank = tag[1]!.trimEnd();
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
