import type {
  DocumentAction,
  DocumentInline,
  DocumentInlineButton,
  DocumentInlineExpression,
  DocumentInlineImage,
  DocumentInlineLink,
  DocumentText,
  DocumentTextColor,
  DocumentTextLeaf,
  DocumentTextMark,
} from "@gitbook/api";
import type { Definition, PhrasingContent } from "mdast";
import { htmlTokens, type HtmlToken } from "./html-fragment";
import { imageRef, linkRef, type PathResolver } from "./link-targets";
import { replaceLineBreaks } from "./linear-text";
import { VARIABLE_EXPRESSION } from "./variables";

export type InlineNode = DocumentText | DocumentInline;

export type InlineContext = {
  definitions: Map<string, Definition>;
  resolvePath?: PathResolver;
};

type Piece = DocumentTextLeaf | DocumentInline;

/** A mark of the reference: its type, and a color mark's colors. */
type Mark = DocumentTextMark;

const BREAK_TAG = /^<br\s*\/?>$/i;
// A soft line ending renders as a space; a hard break is the one newline a text keeps.
const softBreaksAsSpaces = (text: string) => replaceLineBreaks(text, " ");

/** Marks in one fixed order, so equal formatting compares equal however the markdown nested it. */
const MARK_ORDER: Mark["type"][] = ["bold", "italic", "strikethrough", "code", "keyboard", "superscript", "subscript", "color"];

const markKey = (mark: Mark) => (mark.type === "color" ? `color:${mark.data.text}:${mark.data.background}` : mark.type);

const leaf = (text: string, marks: readonly Mark[]): DocumentTextLeaf => ({
  object: "leaf",
  text,
  marks: [...marks].sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type)).map((mark) => ({ ...mark })),
});

const sameMarks = (a: DocumentTextLeaf, b: DocumentTextLeaf) =>
  a.marks.length === b.marks.length && a.marks.every((mark, i) => markKey(mark) === markKey(b.marks[i]!));

export const emptyText = (): DocumentText => ({ object: "text", leaves: [leaf("", [])] });

const simpleMark = (type: "bold" | "italic" | "strikethrough" | "code" | "keyboard" | "superscript" | "subscript"): Mark => ({ object: "mark", type }) as Mark;

function withMark(marks: readonly Mark[], mark: Mark): Mark[] {
  // A text has one mark of each type: an inner color replaces an outer one.
  return [...marks.filter((each) => each.type !== mark.type), mark];
}

/** Converts markdown phrasing to document texts and inlines; `inLink` limits it to what a link may hold. */
export function inlineNodes(nodes: PhrasingContent[], context: InlineContext, inLink = false): InlineNode[] {
  const pieces: Piece[] = [];
  collectList(nodes, [], context, inLink, pieces);
  return groupLeaves(pieces);
}

// ---- HTML GitBook writes inline: marks, buttons, icons, expressions, sized images

type HtmlTag = { kind: "open"; name: string; attributes: Map<string, string> } | { kind: "close"; name: string };

/** An inline HTML node that is exactly one tag, as a tag. */
function tagOf(node: PhrasingContent): HtmlTag | undefined {
  if (node.type !== "html") return undefined;
  const tokens = htmlTokens(node.value);
  const only = tokens.length === 1 ? tokens[0] : undefined;
  if (only?.kind === "open" && !only.selfClosing) return { kind: "open", name: only.name, attributes: only.attributes };
  if (only?.kind === "close") return only;
  return undefined;
}

/** What an opening tag stands for, when it is one GitBook writes around inline content. */
type Wrapper =
  | { kind: "mark"; mark: Mark }
  | { kind: "button"; data: Omit<DocumentInlineButton["data"], "label" | "ref" | "action"> & ({ href: string } | { action: DocumentAction }) }
  | { kind: "icon"; icon: string }
  | { kind: "expression" }
  | { kind: "picture" }
  | { kind: "emoji"; code: string };

const COLORS = new Set<string>(["default", "green", "blue", "red", "orange", "yellow", "purple", "pink", "violet", "cyan", "$primary", "$info", "$success", "$warning", "$danger", "$tint"]);

function wrapperOf(tag: HtmlTag): Wrapper | undefined {
  if (tag.kind !== "open") return undefined;
  const classes = (tag.attributes.get("class") ?? "").split(/\s+/).filter(Boolean);
  switch (tag.name) {
    case "kbd":
      return { kind: "mark", mark: simpleMark("keyboard") };
    case "sup":
      return { kind: "mark", mark: simpleMark("superscript") };
    case "sub":
      return { kind: "mark", mark: simpleMark("subscript") };
    case "mark": {
      const colors = markColors(tag.attributes.get("style") ?? "");
      return colors ? { kind: "mark", mark: { object: "mark", type: "color", data: colors } } : undefined;
    }
    case "a":
    case "button": {
      const kind = classes.includes("button") ? (classes.includes("secondary") ? "secondary" : classes.includes("primary") ? "primary" : undefined) : undefined;
      const icon = tag.attributes.get("data-icon");
      const iconData = icon ? { icon } : {};
      if (kind && tag.name === "a" && tag.attributes.has("href")) return { kind: "button", data: { kind, href: tag.attributes.get("href")!, ...iconData } };
      const action = tag.name === "button" ? buttonAction(tag.attributes) : undefined;
      return kind && action ? { kind: "button", data: { kind, action, ...iconData } } : undefined;
    }
    case "i": {
      const icon = classes.length === 1 && classes[0]!.startsWith("fa-") ? classes[0]!.slice(3) : undefined;
      return icon ? { kind: "icon", icon } : undefined;
    }
    case "code":
      return classes.includes("expression") ? { kind: "expression" } : undefined;
    case "picture":
      return { kind: "picture" };
    case "span": {
      const code = tag.attributes.get("data-code");
      return tag.attributes.get("data-tag") === "emoji" && code && /^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(code) ? { kind: "emoji", code: code.toLowerCase() } : undefined;
    }
    default:
      return undefined;
  }
}

/** What a `<button data-action="…">` does: search or ask (with a query), or select an option. */
function buttonAction(attributes: Map<string, string>): DocumentAction | undefined {
  const action = attributes.get("data-action");
  const query = attributes.get("data-query");
  if (action === "search" || action === "ask") return query === undefined ? { action } : { action, query };
  const slug = attributes.get("data-slug");
  return action === "select" && slug ? { action, slug } : undefined;
}

/** `color:red;background-color:blue;` as a color mark's colors (each defaulting to "default"). */
function markColors(style: string): { text: DocumentTextColor; background: DocumentTextColor } | undefined {
  const colors = { text: "default", background: "default" } as { text: DocumentTextColor; background: DocumentTextColor };
  let found = false;
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!COLORS.has(value)) continue;
    if (property === "color") colors.text = value as DocumentTextColor;
    else if (property === "background-color") colors.background = value as DocumentTextColor;
    else continue;
    found = true;
  }
  return found ? colors : undefined;
}

/** Opening tags paired with their closing tags among siblings, by index (a stack per tag name: linear). */
function pairTags(nodes: readonly PhrasingContent[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open = new Map<string, number[]>();
  nodes.forEach((node, index) => {
    const tag = tagOf(node);
    if (!tag) return;
    const stack = open.get(tag.name) ?? [];
    open.set(tag.name, stack);
    if (tag.kind === "open") stack.push(index);
    else if (stack.length > 0) pairs.set(stack.pop()!, index);
  });
  return pairs;
}

/** The text of phrasing, as a button's label or an expression reads it. */
function phrasingText(nodes: readonly PhrasingContent[]): string {
  let out = "";
  const pending = [...nodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === "text" || node.type === "inlineCode") out += node.value;
    else if (node.type === "break") out += "\n";
    else if ("children" in node) for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
  }
  return out;
}

function collectList(nodes: readonly PhrasingContent[], marks: readonly Mark[], context: InlineContext, inLink: boolean, out: Piece[]): void {
  const pairs = nodes.some((node) => node.type === "html") ? pairTags(nodes) : undefined;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const close = pairs?.get(i);
    const wrapper = close === undefined ? undefined : wrapperOf(tagOf(node)!);
    if (wrapper && close !== undefined) {
      const inner = nodes.slice(i + 1, close);
      i = close;
      switch (wrapper.kind) {
        case "mark":
          collectList(inner, withMark(marks, wrapper.mark), context, inLink, out);
          break;
        case "button": {
          const label = phrasingText(inner);
          if (inLink) {
            out.push(leaf(label, marks));
          } else if ("href" in wrapper.data) {
            const { href, ...data } = wrapper.data;
            out.push({ object: "inline", type: "button", isVoid: true, data: { ...data, label, ref: linkRef(href, context.resolvePath) } });
          } else {
            out.push({ object: "inline", type: "button", isVoid: true, data: { ...wrapper.data, label } });
          }
          break;
        }
        case "icon":
          out.push({ object: "inline", type: "icon", isVoid: true, data: { icon: wrapper.icon } });
          break;
        case "expression": {
          const expression: DocumentInlineExpression = { object: "inline", type: "expression", isVoid: true, data: { expression: phrasingText(inner).trim() } };
          out.push(expression);
          break;
        }
        case "emoji":
          out.push({ object: "inline", type: "emoji", isVoid: true, data: { code: wrapper.code } });
          break;
        case "picture": {
          const image = pictureImage(inner);
          if (image) out.push(image);
          // Another picture stays as written.
          else for (const each of nodes.slice(i - inner.length - 1, i + 1)) collect(each, marks, context, inLink, out);
          break;
        }
      }
      continue;
    }
    collect(node, marks, context, inLink, out);
  }
}

function collect(node: PhrasingContent, marks: readonly Mark[], context: InlineContext, inLink: boolean, out: Piece[]): void {
  switch (node.type) {
    case "text":
      return textPieces(softBreaksAsSpaces(node.value), marks, inLink, out);
    case "strong":
    case "emphasis":
    case "delete": {
      const mark = simpleMark(node.type === "strong" ? "bold" : node.type === "emphasis" ? "italic" : "strikethrough");
      collectList(node.children, withMark(marks, mark), context, inLink, out);
      return;
    }
    case "inlineCode":
      out.push(leaf(softBreaksAsSpaces(node.value), withMark(marks, simpleMark("code"))));
      return;
    case "inlineMath":
      out.push({ object: "inline", type: "inline-math", isVoid: true, data: { formula: node.value } });
      return;
    case "break":
      out.push(leaf("\n", marks));
      return;
    case "html":
      return htmlPiece(node.value, marks, out);
    case "image":
      out.push(inlineImage(node.url, node.alt, node.title));
      return;
    case "imageReference": {
      const definition = context.definitions.get(node.identifier);
      out.push(inlineImage(definition?.url ?? "", node.alt, definition?.title));
      return;
    }
    case "link":
    case "linkReference": {
      const url = node.type === "link" ? node.url : (context.definitions.get(node.identifier)?.url ?? "");
      if (inLink) {
        collectList(node.children, marks, context, inLink, out);
        return;
      }
      // GitBook writes a mention as a link titled "mention": `[Page title](page.md "mention")`.
      if (node.type === "link" && node.title === "mention") {
        out.push({ object: "inline", type: "mention", isVoid: true, data: { ref: linkRef(url, context.resolvePath) } });
        return;
      }
      const inner: Piece[] = [];
      collectList(node.children, marks, context, true, inner);
      const link: DocumentInlineLink = {
        object: "inline",
        type: "link",
        data: { ref: linkRef(url, context.resolvePath) },
        nodes: groupLeaves(inner) as DocumentInlineLink["nodes"],
      };
      out.push(link);
      return;
    }
    case "footnoteReference":
      out.push(leaf(`[^${node.label ?? node.identifier}]`, marks));
      return;
  }
}

/** Inline HTML that is no wrapper: a line break, an image GitBook sized to the line, or text as written. */
function htmlPiece(html: string, marks: readonly Mark[], out: Piece[]): void {
  if (BREAK_TAG.test(html)) {
    out.push(leaf("\n", marks));
    return;
  }
  const tokens = htmlTokens(html);
  const image = tokens.length === 1 && tokens[0]!.kind === "open" && tokens[0]!.name === "img" ? tokens[0]! : undefined;
  if (image?.kind === "open" && image.attributes.has("src")) {
    out.push(sizedImage(image));
    return;
  }
  out.push(leaf(html, marks));
}

/** `<picture><source srcset="…" media="(prefers-color-scheme: dark)"><img …></picture>`: an image with its dark-mode source. */
function pictureImage(inner: readonly PhrasingContent[]): DocumentInlineImage | undefined {
  const tags = inner.filter((node) => node.type !== "text" || node.value.trim() !== "").map((node) => (node.type === "html" ? htmlTokens(node.value) : []));
  const [source, img] = tags.map((tokens) => (tokens.length === 1 && tokens[0]!.kind === "open" ? tokens[0]! : undefined));
  if (tags.length !== 2 || source?.name !== "source" || img?.name !== "img" || !img.attributes.has("src")) return undefined;
  const image = sizedImage(img);
  const dark = source.attributes.get("srcset");
  if (dark && source.attributes.get("media") === "(prefers-color-scheme: dark)") image.data.refDark = imageRef(dark);
  return image;
}

function sizedImage(token: Extract<HtmlToken, { kind: "open" }>): DocumentInlineImage {
  const image = inlineImage(token.attributes.get("src")!, token.attributes.get("alt"), token.attributes.get("title"));
  const size = token.attributes.get("data-size");
  if (size === "line" || size === "original") image.data.size = size;
  return image;
}

/** Splits a text on variable expressions, which become expression inlines outside links. */
function textPieces(text: string, marks: readonly Mark[], inLink: boolean, out: Piece[]): void {
  if (inLink || marks.some((mark) => mark.type === "code")) {
    out.push(leaf(text, marks));
    return;
  }
  let last = 0;
  for (const match of text.matchAll(VARIABLE_EXPRESSION)) {
    if (match.index > last) out.push(leaf(text.slice(last, match.index), marks));
    const expression: DocumentInlineExpression = { object: "inline", type: "expression", isVoid: true, data: { expression: match[1]! } };
    out.push(expression);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(leaf(text.slice(last), marks));
}

export function inlineImage(url: string, alt: string | null | undefined, title: string | null | undefined): DocumentInlineImage {
  const data: DocumentInlineImage["data"] = { ref: imageRef(url) };
  if (alt) data.alt = alt;
  if (title) data.caption = title;
  return { object: "inline", type: "inline-image", isVoid: true, data };
}

/** Runs of leaves become one text node (equal marks, one leaf); a block always holds at least one text. */
function groupLeaves(pieces: Piece[]): InlineNode[] {
  const nodes: InlineNode[] = [];
  for (const piece of pieces) {
    if (piece.object === "leaf") {
      if (piece.text === "") continue;
      const last = nodes.at(-1);
      const lastLeaf = last?.object === "text" ? last.leaves.at(-1) : undefined;
      if (lastLeaf && sameMarks(lastLeaf, piece)) lastLeaf.text += piece.text;
      else if (last?.object === "text") last.leaves.push(piece);
      else nodes.push({ object: "text", leaves: [piece] });
    } else {
      nodes.push(piece);
    }
  }
  return nodes.length === 0 ? [emptyText()] : nodes;
}

// ---- HTML fragments (figure captions, HTML table cells)

const PHRASING_WRAPPERS: Record<string, "strong" | "emphasis" | "delete"> = { strong: "strong", b: "strong", em: "emphasis", s: "delete", del: "delete", strike: "delete" };

/**
 * The inline content of an HTML fragment GitBook wrote (a caption's `<p>`, a table cell) as
 * markdown phrasing, so that it reads as markdown's does: `<strong>`, `<em>`, `<s>`, `<code>`,
 * `<a href>` become their nodes, other tags stay HTML nodes (marks, buttons, icons), `<br>` a break.
 */
export function htmlPhrasing(tokens: readonly HtmlToken[]): PhrasingContent[] {
  const root: { children: PhrasingContent[] } = { children: [] };
  const stack: { name: string; node: { children: PhrasingContent[] } }[] = [{ name: "", node: root }];
  const append = (node: PhrasingContent) => stack.at(-1)!.node.children.push(node);
  const spans: boolean[] = [];
  for (const token of tokens) {
    if (token.kind === "text") {
      append({ type: "text", value: token.text });
      continue;
    }
    const wrapper = PHRASING_WRAPPERS[token.name];
    if (token.kind === "open") {
      if (token.name === "br") {
        append({ type: "break" });
      } else if (wrapper) {
        const node = { type: wrapper, children: [] } as PhrasingContent & { children: PhrasingContent[] };
        append(node);
        stack.push({ name: token.name, node });
      } else if (token.name === "a" && !(token.attributes.get("class") ?? "").includes("button")) {
        const node = { type: "link", url: token.attributes.get("href") ?? "", title: null, children: [] } as PhrasingContent & { children: PhrasingContent[] };
        append(node);
        stack.push({ name: "a", node });
      } else if (token.name === "code" && !(token.attributes.get("class") ?? "").includes("expression")) {
        stack.push({ name: "code", node: { children: [] } });
      } else if (token.name === "span") {
        // Only GitBook's emoji spans mean something; other spans are their text.
        const emoji = token.attributes.get("data-tag") === "emoji";
        spans.push(emoji);
        if (emoji) append({ type: "html", value: openingTag(token) });
      } else if (token.name !== "p") {
        append({ type: "html", value: openingTag(token) });
      }
      continue;
    }
    const top = stack.at(-1)!;
    if (top.name === token.name && stack.length > 1) {
      stack.pop();
      if (token.name === "code") append({ type: "inlineCode", value: phrasingText(top.node.children) });
    } else if (token.name === "span") {
      if (spans.pop()) append({ type: "html", value: "</span>" });
    } else if (token.name !== "p") {
      append({ type: "html", value: `</${token.name}>` });
    }
  }
  return root.children;
}

function openingTag(token: Extract<HtmlToken, { kind: "open" }>): string {
  const attributes = [...token.attributes].map(([key, value]) => ` ${key}="${value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`);
  return `<${token.name}${attributes.join("")}>`;
}

