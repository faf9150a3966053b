import { createHash } from "node:crypto";

/**
 * A Custom script snippet (definitions.ts): `<script>` elements and nothing else, each inline code
 * or an https `src` (with `async`/`defer`). Parsed in one linear pass into what the published page
 * renders from — never the pasted text itself — and the Content-Security-Policy sources that allow
 * exactly those scripts: the hash of each inline one (pages are cached, so no nonce) and the origin
 * of each external one.
 */

export type SnippetScript = { kind: "inline"; code: string } | { kind: "external"; src: string; async: boolean; defer: boolean };
export type ParsedSnippet = { scripts: SnippetScript[]; cspSources: string[] };

export const MAX_SNIPPET_SCRIPTS = 20;

const OPEN = "<script";
const CLOSE = "</script>";

/** The snippet parsed, or the reason it is refused (said to the person saving it, at the field). */
export function parseSnippet(text: string): ParsedSnippet | { problem: string } {
  const scripts: SnippetScript[] = [];
  const lower = text.toLowerCase();
  let at = skipSpace(text, 0);
  while (at < text.length) {
    if (scripts.length === MAX_SNIPPET_SCRIPTS) return { problem: `holds more than ${MAX_SNIPPET_SCRIPTS} scripts` };
    if (!lower.startsWith(OPEN, at)) return { problem: "must hold <script> elements only" };
    const tagEnd = text.indexOf(">", at);
    if (tagEnd < 0) return { problem: "has a <script> tag that is not closed with >" };
    const attributes = parseAttributes(text.slice(at + OPEN.length, tagEnd));
    if ("problem" in attributes) return attributes;
    const bodyEnd = lower.indexOf(CLOSE, tagEnd + 1);
    if (bodyEnd < 0) return { problem: "has a <script> without its </script>" };
    const code = text.slice(tagEnd + 1, bodyEnd);
    if (attributes.src !== undefined) {
      if (code.trim() !== "") return { problem: "has a <script src> with code inside: give one or the other" };
      scripts.push({ kind: "external", src: attributes.src, async: attributes.flags.has("async"), defer: attributes.flags.has("defer") });
    } else {
      // These would change how the browser's parser reads the rest of the page around the script.
      if (/<!--|<\/?script/i.test(code)) return { problem: "has inline code holding <!--, <script or </script" };
      if (code.trim() !== "") scripts.push({ kind: "inline", code });
    }
    at = skipSpace(text, bodyEnd + CLOSE.length);
  }
  if (scripts.length === 0) return { problem: "holds no script" };
  return { scripts, cspSources: [...new Set(scripts.map(cspSourceOf))] };
}

function cspSourceOf(script: SnippetScript): string {
  return script.kind === "inline" ? `'sha256-${createHash("sha256").update(script.code, "utf8").digest("base64")}'` : new URL(script.src).origin;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** One attribute, sticky: the attributes must follow each other with nothing between. */
const ATTRIBUTE = /\s*([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?\s*/gy;

/** `src="https://…"`, `async`, `defer`: the attributes a snippet's tag may carry. */
function parseAttributes(source: string): { src?: string; flags: Set<string> } | { problem: string } {
  const flags = new Set<string>();
  let src: string | undefined;
  let consumed = 0;
  for (const match of source.matchAll(ATTRIBUTE)) {
    consumed += match[0].length;
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4];
    if (name === "src" && value !== undefined) {
      if (!URL.canParse(value) || new URL(value).protocol !== "https:") return { problem: "has a src that is not an absolute https URL" };
      src = new URL(value).href;
    } else if ((name === "async" || name === "defer") && value === undefined) flags.add(name);
    else return { problem: `has an attribute ${name} on a <script> (only src, async and defer are kept)` };
  }
  if (source.slice(consumed).trim() !== "") return { problem: "has a <script> tag this parser cannot read" };
  return { src, flags };
}
