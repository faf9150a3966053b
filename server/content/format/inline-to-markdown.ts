import type { ContentRef, DocumentInline, DocumentInlineButton, DocumentText, DocumentTextMark } from "@gitbook/api";
import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import type { PhrasingContent, Text } from "mdast";
import { plainText } from "./document-text";
import { urlOfRef } from "./link-targets";
import { expressionMarkup } from "./variables";

/**
 * Document texts carry flat mark sets per leaf; markdown nests emphasis. Marks are rebuilt as
 * the longest runs first, void inlines never interrupt a run (a line break does when it has not
 * the run's mark, as GitBook writes `**a**\` then `**b**`), and whitespace at the edge of a run
 * moves outside it (`**a **b` would not parse as bold). Marks markdown has no
 * syntax for are written as GitBook writes them, in HTML: `<kbd>`, `<sup>`, `<sub>`,
 * `<mark style="color:…;background-color:…;">`.
 */

/** A mark as a string: its type, and a color mark's colors (`color:red:default`). */
type Mark = string;
type Item =
  | { kind: "leaf"; text: string; marks: Set<Mark> }
  /** A line break, with the marks of the text it was in (a break inside bold text is bold). */
  | { kind: "break"; node: PhrasingContent; marks: Set<Mark> }
  | { kind: "link"; url: string; title: string | null; items: Item[]; marks: Set<Mark> | null }
  | { kind: "neutral"; node: PhrasingContent };

export type PhrasingOptions = {
  /** How a line break is written: markdown's `\` (the default) or `<br>` (table cells). */
  breaks?: "break" | "html";
  /** The text a mention's link reads (GitBook writes the page's title); the target's url when unknown. */
  mentionText?: (ref: ContentRef, url: string) => string;
  /** Images written as HTML `<img>`: a paragraph of nothing but images would otherwise read back as an images block. */
  imagesAsHtml?: boolean;
};

/** The order marks wrap each other in when their runs are as long: GitBook writes `<mark>` outside `_`, `_` outside `**`. */
const RANK = ["color", "italic", "bold", "strikethrough", "keyboard", "superscript", "subscript", "code"];
const rank = (mark: Mark) => RANK.indexOf(mark.split(":")[0]!);
const WRAPPERS = { bold: "strong", italic: "emphasis", strikethrough: "delete" } as const;
const HTML_MARKS: Record<string, string> = { keyboard: "kbd", superscript: "sup", subscript: "sub" };

const BR: PhrasingContent = { type: "html", value: "<br>" };

function markOf(mark: DocumentTextMark): Mark | undefined {
  if (mark.type === "color") return `color:${mark.data.text}:${mark.data.background}`;
  return RANK.includes(mark.type) ? mark.type : undefined;
}

export function phrasing(nodes: readonly (DocumentText | DocumentInline)[], options: PhrasingOptions = {}): PhrasingContent[] {
  const lineBreak: PhrasingContent = options.breaks === "html" ? BR : { type: "break" };
  const list = items(nodes, lineBreak, options);
  // A break ending the text has no line to break to: markdown would read its `\` back as a literal backslash.
  while (list.at(-1)?.kind === "break") list.pop();
  return hoistWhitespace(build(list, new Set()));
}

const marksOf = (item: Item): Set<Mark> | null => (item.kind === "neutral" ? null : item.marks);

function items(nodes: readonly (DocumentText | DocumentInline)[], lineBreak: PhrasingContent, options: PhrasingOptions): Item[] {
  const out: Item[] = [];
  for (const node of nodes) {
    if (node.object === "text") {
      for (const leaf of node.leaves) {
        const marks = new Set(leaf.marks.map(markOf).filter((mark): mark is Mark => mark !== undefined));
        leaf.text.split("\n").forEach((line, i) => {
          if (i > 0) out.push({ kind: "break", node: lineBreak, marks });
          if (line !== "") out.push({ kind: "leaf", text: line, marks });
        });
      }
      continue;
    }
    switch (node.type) {
      case "link": {
        const inner = items(node.nodes, lineBreak, options);
        const url = urlOfRef(node.data.ref);
        if (url === undefined) out.push(...inner);
        // A link's marks stay inside it, as GitBook writes them: `[**bold**](…)`.
        else out.push({ kind: "link", url, title: null, items: inner, marks: new Set() });
        break;
      }
      case "mention": {
        const url = urlOfRef(node.data.ref);
        if (url === undefined) break;
        const text = options.mentionText?.(node.data.ref, url) ?? url;
        out.push({ kind: "link", url, title: "mention", items: [{ kind: "leaf", text, marks: new Set() }], marks: null });
        break;
      }
      case "inline-image": {
        const { ref, refDark, alt, caption, size } = node.data;
        const url = urlOfRef(ref) ?? "";
        if (refDark) {
          const img = { type: "element" as const, tagName: "img", properties: { src: url, alt: alt ?? "", ...(size ? { dataSize: size } : {}) }, children: [] };
          const source = { type: "element" as const, tagName: "source", properties: { srcSet: urlOfRef(refDark) ?? "", media: "(prefers-color-scheme: dark)" }, children: [] };
          out.push({ kind: "neutral", node: { type: "html", value: toHtml({ type: "element", tagName: "picture", properties: {}, children: [source, img] }) } });
          break;
        }
        // GitBook writes an image sized to the line as HTML.
        if (size === "line" || options.imagesAsHtml) {
          const properties = { src: url, alt: alt ?? "", ...(caption ? { title: caption } : {}), ...(size ? { dataSize: size } : {}) };
          out.push({ kind: "neutral", node: { type: "html", value: html("img", properties) } });
        }
        else out.push({ kind: "neutral", node: { type: "image", url, alt: alt ?? "", title: caption || null } });
        break;
      }
      case "expression":
        out.push({ kind: "neutral", node: { type: "html", value: expressionMarkup(node.data.expression) } });
        break;
      case "inline-math": {
        // An inline formula holds one line (a line break is a space to TeX); a blank one is nothing.
        const formula = node.data.formula.replace(/\r?\n/g, " ");
        if (formula.trim() !== "") out.push({ kind: "neutral", node: { type: "html", value: `$$${formula}$$` } });
        break;
      }
      case "emoji":
        out.push({ kind: "leaf", text: emoji(node.data.code), marks: new Set() });
        break;
      case "icon":
        out.push({ kind: "neutral", node: { type: "html", value: html("i", { className: [`fa-${node.data.icon}`] }, `:${node.data.icon}:`) } });
        break;
      case "button":
        out.push({ kind: "neutral", node: { type: "html", value: buttonHtml(node) } });
        break;
      default:
        if ("nodes" in node) out.push({ kind: "leaf", text: plainText(node.nodes), marks: new Set() });
    }
  }
  return out;
}

/**
 * A button as GitBook writes it: a link (`<a href="…" class="button primary">`), or an action
 * (`<button type="button" class="button primary" data-action="ask" data-query="…">`).
 */
export function buttonHtml(node: DocumentInlineButton): string {
  const { kind, icon, label } = node.data;
  if ("action" in node.data) {
    const action = node.data.action;
    const argument = action.action === "select" ? { dataSlug: action.slug } : action.query ? { dataQuery: action.query } : {};
    return html("button", { type: "button", className: ["button", kind], dataAction: action.action, ...argument, ...(icon ? { dataIcon: icon } : {}) }, label);
  }
  return html("a", { href: urlOfRef(node.data.ref) ?? "", className: ["button", kind], ...(icon ? { dataIcon: icon } : {}) }, label);
}

/** One element as GitBook writes HTML (hast-util-to-html: `&` and `<` as `&#x26;`, `&#x3C;`). */
export function html(tagName: string, properties: Element["properties"], text?: string): string {
  return toHtml({ type: "element", tagName, properties, children: text === undefined ? [] : [{ type: "text", value: text }] });
}


function emoji(code: string): string {
  const points = code.split("-").map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff) ? String.fromCodePoint(...points) : code;
}

function runEnd(list: Item[], start: number, mark: Mark): number {
  let end = start;
  while (end < list.length && (marksOf(list[end]!)?.has(mark) ?? true)) end++;
  while (end > start + 1 && marksOf(list[end - 1]!) === null) end--;
  return end;
}

function build(list: Item[], active: Set<Mark>): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < list.length) {
    const item = list[i]!;
    const open = [...(marksOf(item) ?? [])].filter((mark) => mark !== "code" && !active.has(mark)).sort((a, b) => rank(a) - rank(b));
    if (open.length === 0) {
      out.push(...emit(item, active));
      i++;
      continue;
    }
    let best = open[0]!;
    let bestEnd = runEnd(list, i, best);
    for (const mark of open.slice(1)) {
      const end = runEnd(list, i, mark);
      if (end > bestEnd) [best, bestEnd] = [mark, end];
    }
    const children = build(list.slice(i, bestEnd), new Set([...active, best]));
    out.push(...wrap(best, children));
    i = bestEnd;
  }
  return out;
}

/** A run of `mark` around `children`: a markdown wrapper, or the HTML tags GitBook writes. */
function wrap(mark: Mark, children: PhrasingContent[]): PhrasingContent[] {
  // A `\` break against `**` would not close it (`**a\` then `**` on the next line): `<br>` there.
  if (children[0]?.type === "break") children[0] = BR;
  if (children.at(-1)?.type === "break") children[children.length - 1] = BR;
  const type = mark.split(":")[0]!;
  if (type in WRAPPERS) return [{ type: WRAPPERS[type as keyof typeof WRAPPERS], children } as PhrasingContent];
  if (type === "color") {
    const [, text, background] = mark.split(":");
    const style = `${text !== "default" ? `color:${text};` : ""}${background !== "default" ? `background-color:${background};` : ""}`;
    if (style === "") return children;
    return [{ type: "html", value: `<mark style="${style}">` }, ...children, { type: "html", value: "</mark>" }];
  }
  const tag = HTML_MARKS[type]!;
  return [{ type: "html", value: `<${tag}>` }, ...children, { type: "html", value: `</${tag}>` }];
}

function emit(item: Item, active: Set<Mark>): PhrasingContent[] {
  switch (item.kind) {
    case "neutral":
    case "break":
      return [item.node];
    case "leaf":
      return [item.marks.has("code") ? { type: "inlineCode", value: item.text } : { type: "text", value: item.text }];
    case "link":
      return [{ type: "link", url: item.url, title: item.title, children: build(item.items, active) as never[] }];
  }
}

function hoistWhitespace(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (!("children" in node)) {
      out.push(node);
      continue;
    }
    node.children = hoistWhitespace(node.children) as never[];
    if (node.type === "link") {
      out.push(node);
      continue;
    }
    const first = node.children[0];
    const last = node.children.at(-1);
    const lead = first?.type === "text" ? first.value.slice(0, first.value.length - first.value.trimStart().length) : "";
    if (lead) (first as Text).value = (first as Text).value.slice(lead.length);
    // trimEnd rather than /\s*$/, which is quadratic on a long run of blanks before other text.
    const trail = last?.type === "text" ? last.value.slice(last.value.trimEnd().length) : "";
    if (trail) (last as Text).value = (last as Text).value.slice(0, -trail.length);
    node.children = node.children.filter((child) => child.type !== "text" || child.value !== "") as never[];
    if (lead) out.push({ type: "text", value: lead });
    if (node.children.length > 0) out.push(node);
    if (trail) out.push({ type: "text", value: trail });
  }
  return mergeSiblings(out);
}

function mergeSiblings(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    // Adjacent code spans are one span: written apart, their backticks would run together.
    if ((node.type === "text" && last?.type === "text") || (node.type === "inlineCode" && last?.type === "inlineCode")) last.value += node.value;
    else out.push(node);
  }
  return out;
}
