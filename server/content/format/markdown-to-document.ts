import type {
  DocumentBlock,
  DocumentBlockCode,
  DocumentBlockCodeLine,
  DocumentBlockHeading,
  DocumentBlockHint,
  DocumentBlockImage,
  DocumentBlockImages,
  DocumentBlockListItem,
  DocumentBlockQuote,
  JSONDocument,
} from "@gitbook/api";
import type { Code, Definition, Heading, List, Nodes, Paragraph, RootContent } from "mdast";
import { expandable, file, groupTabs, tabsItem } from "./block-tags";
import { fitInto, fitIntoListItem, paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { emptyText, inlineNodes, type InlineContext } from "./inline-to-document";
import { figureImage } from "./html-figures";
import { imageRef, type PathResolver } from "./link-targets";
import { isolateTagLines, pairTags, parseDetailsTag, parseTag, type LiquidTag } from "./liquid-tags";
import { MAX_NESTING } from "./markdown-limits";
import { capNesting, walkTree } from "./tree-walk";
import { parseMarkdown } from "./parse-markdown";
import { tableToDocument } from "./tables";
import { UniqueIds } from "./unique-ids";

export type MarkdownToDocumentOptions = {
  /** Resolves relative `.md` and slug paths to pages or files; unresolved ones stay urls. */
  resolvePath?: PathResolver;
};

type Context = InlineContext & { source: string; headingIds: UniqueIds; tagDepth: number };

/** Tags that enclose blocks up to their closing tag (`<details>` … `</details>` included). */
const PAIRED_TAGS = ["hint", "code", "tabs", "tab", "details", "file"];

const HINT_STYLES = new Set(["info", "warning", "danger", "success"]);

/** Builds the reference's JSON document for a page body (GitBook-flavoured markdown). */
export function markdownToDocument(markdown: string, options: MarkdownToDocumentOptions = {}): JSONDocument {
  const source = isolateTagLines(markdown);
  const tree = parseMarkdown(source);
  // A page stored before nesting was limited is read with what lies deeper flattened.
  capNesting(tree);
  const context: Context = { source, definitions: definitionsOf(tree), resolvePath: options.resolvePath, headingIds: new UniqueIds(), tagDepth: 0 };
  // Whatever a container cannot hold was lifted to the top level, which holds all of it.
  const nodes = blocks(tree.children, context) as JSONDocument["nodes"];
  const document: JSONDocument = { object: "document", data: {}, nodes: nodes.length > 0 ? nodes : [paragraph([emptyText()])] };
  assignKeys(document.nodes, "");
  return document;
}

/** A document of `markdown` as written, one paragraph of text: for a page whose markdown cannot be read within limits. */
export function textDocument(markdown: string): JSONDocument {
  const document: JSONDocument = { object: "document", data: {}, nodes: [paragraph([{ object: "text", leaves: [{ object: "leaf", text: markdown, marks: [] }] }])] };
  assignKeys(document.nodes, "");
  return document;
}

function definitionsOf(tree: Nodes): Map<string, Definition> {
  const found = new Map<string, Definition>();
  for (const node of walkTree(tree)) {
    // The first definition of a label wins, as in CommonMark.
    if (node.type === "definition" && !found.has(node.identifier)) found.set(node.identifier, node);
  }
  return found;
}

/** A tag written alone in a paragraph, or an expandable's HTML line (tag lines were isolated before parsing). */
function tagOf(node: RootContent | undefined, context: Context): LiquidTag | undefined {
  if (node?.type === "html") return parseDetailsTag(node.value);
  if (node?.type !== "paragraph" || node.position?.start.offset === undefined || node.position.end.offset === undefined) return undefined;
  return parseTag(context.source.slice(node.position.start.offset, node.position.end.offset));
}

function blocks(children: RootContent[], context: Context): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  const tags = children.map((child) => tagOf(child, context));
  // Block tags nested past the limit stay text, as in a page stored before nesting was limited.
  const closing = context.tagDepth < MAX_NESTING ? pairTags(tags, PAIRED_TAGS) : new Map<number, number>();
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const tag = tags[i];
    const end = closing.get(i);
    if (tag && end !== undefined) {
      out.push(...paired(tag, children.slice(i + 1, end), { ...context, tagDepth: context.tagDepth + 1 }));
      i = end;
      continue;
    }
    // A file needs no closing tag when it has no caption.
    if (tag?.name === "file" && !tag.closing) {
      out.push(...file(tag, [], context));
      continue;
    }
    if (tag?.name === "embed" && !tag.closing && tag.attributes.url) {
      out.push({ object: "block", type: "embed", isVoid: true, data: { url: tag.attributes.url } });
      continue;
    }
    // An embed's closing tag only ends its caption, which the reference's embed has no place for.
    if (tag?.name === "embed" && tag.closing) continue;
    out.push(...block(child, context));
  }
  return groupTabs(out);
}

function paired(tag: LiquidTag, children: RootContent[], context: Context): DocumentBlock[] {
  switch (tag.name) {
    case "hint":
      return hint(tag, blocks(children, context));
    case "code":
      return withCodeAttributes(tag, blocks(children, context));
    case "tabs": {
      // The tabs' items were grouped into one tabs block by `blocks`; an empty tabs block stays.
      const inner = blocks(children, context);
      return inner.length > 0 ? inner : [{ object: "block", type: "tabs", data: {}, nodes: [] }];
    }
    case "tab":
      return tabsItem(tag, blocks(children, context));
    case "details": {
      // The title is on the `<details>` line or on a `<summary>` line right after it.
      const summary = tag.attributes.title === undefined ? tagOf(children[0], context) : undefined;
      const title = summary?.name === "summary" ? summary.attributes.title! : (tag.attributes.title ?? "");
      return expandable(title, tag.attributes.open === "true", blocks(summary?.name === "summary" ? children.slice(1) : children, context), context);
    }
    default:
      return file(tag, blocks(children, context), context);
  }
}

function hint(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const style = (HINT_STYLES.has(tag.attributes.style ?? "") ? tag.attributes.style : "info") as DocumentBlockHint["data"]["style"];
  return fitInto("hint", inner, (nodes) => ({ object: "block", type: "hint", data: { style }, nodes: nodes as DocumentBlockHint["nodes"] }));
}

function withCodeAttributes(tag: LiquidTag, inner: DocumentBlock[]): DocumentBlock[] {
  const { title, overflow, lineNumbers, fullWidth, expandable } = tag.attributes;
  for (const block of inner) {
    if (block.type !== "code") continue;
    if (title) block.data.title = title;
    if (overflow === "wrap" || overflow === "scroll") block.data.overflow = overflow;
    if (lineNumbers) block.data.lineNumbers = lineNumbers === "true";
    if (fullWidth) block.data.fullWidth = fullWidth === "true";
    if (expandable) block.data.expandable = expandable === "true";
  }
  return inner;
}

function block(node: RootContent, context: Context): DocumentBlock[] {
  switch (node.type) {
    case "paragraph":
      return [imagesOnly(node) ? images(node, context) : paragraph(inlineNodes(node.children, context))];
    case "heading":
      return [heading(node, context)];
    case "thematicBreak":
      return [{ object: "block", type: "divider", isVoid: true, data: {} }];
    case "blockquote":
      return fitInto("blockquote", blocks(node.children, context), (nodes) => ({ object: "block", type: "blockquote", data: {}, nodes: nodes as DocumentBlockQuote["nodes"] }));
    case "list":
      return [list(node, context)];
    case "code":
      return [code(node, context)];
    case "table":
      return [tableToDocument(node, context)];
    case "html": {
      const figure = figureImage(node.value);
      if (figure) {
        const nodes = [image(figure.url, figure.alt, figure.caption, context)];
        return [{ object: "block", type: "images", isVoid: false, data: {}, nodes }];
      }
      // Other raw HTML has no block in the reference: it stays visible, as text.
      return [paragraph(inlineNodes([{ type: "text", value: node.value }], context))];
    }
    case "footnoteDefinition": {
      // No footnotes in the reference: the note becomes text where it was written.
      const [first, ...rest] = node.children;
      const label: Paragraph = { type: "paragraph", children: [{ type: "text", value: `[^${node.label ?? node.identifier}]: ` }] };
      if (first?.type === "paragraph") label.children.push(...first.children);
      return blocks(first?.type === "paragraph" ? [label, ...rest] : [label, ...node.children], context);
    }
    default:
      return [];
  }
}

function heading(node: Heading, context: Context): DocumentBlockHeading {
  // ATX headings hold one line; the reference has three levels, deeper ones become the third.
  const children = node.children.map((child) => (child.type === "break" ? { type: "text" as const, value: " " } : child));
  const nodes = inlineNodes(children, context);
  const type = `heading-${Math.min(node.depth, 3)}` as DocumentBlockHeading["type"];
  return { object: "block", type, data: {}, meta: { id: context.headingIds.claim(slugify(plainText(nodes))) }, nodes };
}

/** The anchor of a heading: its text in lower case, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}


function list(node: List, context: Context): DocumentBlock {
  const tasks = node.children.some((item) => typeof item.checked === "boolean");
  const items: DocumentBlockListItem[] = node.children.map((item) => ({
    object: "block",
    type: "list-item",
    data: tasks ? { checked: item.checked === true } : {},
    nodes: fitIntoListItem(blocks(item.children, context)) as DocumentBlockListItem["nodes"],
  }));
  if (tasks) return { object: "block", type: "list-tasks", data: {}, nodes: items };
  if (!node.ordered) return { object: "block", type: "list-unordered", data: {}, nodes: items };
  return { object: "block", type: "list-ordered", data: node.start != null && node.start !== 1 ? { start: node.start } : {}, nodes: items };
}

function code(node: Code, context: Context): DocumentBlockCode {
  const data: DocumentBlockCode["data"] = {};
  if (node.lang) data.syntax = node.lang;
  // Titles are also accepted in the fence's meta (```js title="index.js"), the way other tools write them.
  const title = node.meta ? /title="([^"]*)"/.exec(node.meta)?.[1] : undefined;
  if (title) data.title = title;
  const lines: DocumentBlockCodeLine[] = node.value.split("\n").map((line) => ({
    object: "block",
    type: "code-line",
    data: {},
    nodes: inlineNodes([{ type: "text", value: line }], context) as DocumentBlockCodeLine["nodes"],
  }));
  return { object: "block", type: "code", data, nodes: lines };
}

/** A paragraph of nothing but images (and the spaces between them) is an images block. */
function imagesOnly(node: Paragraph): boolean {
  let found = false;
  for (const child of node.children) {
    if (child.type === "image" || child.type === "imageReference") found = true;
    else if (child.type !== "text" || child.value.trim() !== "") return false;
  }
  return found;
}

function images(node: Paragraph, context: Context): DocumentBlockImages {
  const nodes: DocumentBlockImage[] = [];
  for (const child of node.children) {
    if (child.type === "image") nodes.push(image(child.url, child.alt, child.title, context));
    if (child.type === "imageReference") {
      const definition = context.definitions.get(child.identifier);
      nodes.push(image(definition?.url ?? "", child.alt, definition?.title, context));
    }
  }
  return { object: "block", type: "images", isVoid: false, data: {}, nodes };
}

function image(url: string, alt: string | null | undefined, caption: string | null | undefined, context: Context): DocumentBlockImage {
  const data: DocumentBlockImage["data"] = { ref: imageRef(url) };
  if (alt) data.alt = alt;
  // A markdown image's title is the nearest thing it has to a caption.
  const fragments: DocumentBlockImage["fragments"] = caption
    ? [{ object: "fragment", fragment: "caption", nodes: [paragraph(inlineNodes([{ type: "text", value: caption }], context))] }]
    : [];
  return { object: "block", type: "image", isVoid: true, data, fragments };
}

/** Keys from each node's position in the tree, so the same markdown gives the same document. */
function assignKeys(nodes: unknown[], prefix: string): void {
  nodes.forEach((node, i) => {
    const value = node as { object?: string; key?: string; nodes?: unknown[]; fragments?: { key?: string; nodes: unknown[] }[] };
    if (value.object === "leaf") return;
    const key = `${prefix}${i}`;
    value.key = key;
    if (value.nodes) assignKeys(value.nodes, `${key}.`);
    value.fragments?.forEach((fragment, f) => {
      fragment.key = `${key}.f${f}`;
      assignKeys(fragment.nodes, `${fragment.key}.`);
    });
  });
}
