/**
 * The HTML GitBook writes into page markdown (figures, card tables, buttons, marks): tags with
 * quoted attributes, text and character references. Read into a flat list of tokens by hand,
 * one pass and no pattern that could backtrack, whatever the page holds.
 */
export type HtmlToken =
  | { kind: "open"; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const isNameStart = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);
const isNameChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9-]/.test(char);
const isAttributeChar = (char: string | undefined) => char !== undefined && !/[\s"'<>/=]/.test(char);
const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";

/** The tokens of `html`; text keeps its character references decoded. A `<` that opens no tag is text. */
export function htmlTokens(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let text = "";
  const flush = () => {
    if (text) tokens.push({ kind: "text", text: decodeEntities(text) });
    text = "";
  };
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt < 0) {
      text += html.slice(at);
      break;
    }
    text += html.slice(at, lt);
    const tag = readTag(html, lt);
    if (!tag) {
      text += "<";
      at = lt + 1;
      continue;
    }
    flush();
    tokens.push(tag.token);
    at = tag.end;
  }
  flush();
  return tokens;
}

function readTag(html: string, start: number): { token: HtmlToken; end: number } | undefined {
  let at = start + 1;
  const closing = html[at] === "/";
  if (closing) at++;
  if (!isNameStart(html[at])) return undefined;
  const nameStart = at;
  while (isNameChar(html[at])) at++;
  const name = html.slice(nameStart, at).toLowerCase();
  if (closing) {
    while (isSpace(html[at])) at++;
    return html[at] === ">" ? { token: { kind: "close", name }, end: at + 1 } : undefined;
  }
  const attributes = new Map<string, string>();
  for (;;) {
    const before = at;
    while (isSpace(html[at])) at++;
    if (html[at] === ">") return { token: { kind: "open", name, attributes, selfClosing: false }, end: at + 1 };
    if (html[at] === "/" && html[at + 1] === ">") return { token: { kind: "open", name, attributes, selfClosing: true }, end: at + 2 };
    if (at === before || !isAttributeChar(html[at])) return undefined;
    const keyStart = at;
    while (isAttributeChar(html[at])) at++;
    const key = html.slice(keyStart, at).toLowerCase();
    let valueAt = at;
    while (isSpace(html[valueAt])) valueAt++;
    if (html[valueAt] !== "=") {
      if (!attributes.has(key)) attributes.set(key, "");
      continue;
    }
    valueAt++;
    while (isSpace(html[valueAt])) valueAt++;
    const quote = html[valueAt];
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = html.indexOf(quote, valueAt + 1);
      if (end < 0) return undefined;
      value = html.slice(valueAt + 1, end);
      at = end + 1;
    } else {
      const valueStart = valueAt;
      while (valueAt < html.length && !isSpace(html[valueAt]) && html[valueAt] !== ">") valueAt++;
      value = html.slice(valueStart, valueAt);
      at = valueAt;
    }
    if (!attributes.has(key)) attributes.set(key, decodeEntities(value));
  }
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes numeric character references and the few named ones GitBook and editors write. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,6});/g, (match, body: string) => {
    if (body[0] !== "#") return NAMED[body.toLowerCase()] ?? match;
    const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
  });
}
