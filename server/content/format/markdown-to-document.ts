import type {
  DocumentBlock,
  DocumentBlockCode,
  DocumentBlockCodeLine,
  DocumentBlockHeading,
  DocumentBlockImage,
  DocumentBlockImages,
  DocumentBlockListItem,
  DocumentBlockQuote,
  JSONDocument,
} from "@gitbook/api";
import type { Code, Definition, Heading, List, Paragraph, Root, RootContent } from "mdast";
import {
  CONTAINER_OF,
  column,
  embed,
  emptyContainer,
  expandable,
  file,
  groupItems,
  hint,
  ifBlock,
  prompt,
  stepperStep,
  tabsItem,
  update,
  VOID_PAIRED_TAGS,
  voidTagBlock,
  withCodeAttributes,
} from "./block-tags";
import { fitInto, fitIntoListItem, paragraph } from "./document-containers";
import { plainText } from "./document-text";
import { htmlCode } from "./html-code";
import { htmlAlignedText, htmlDrawing, htmlImages, htmlInlineImage } from "./html-figures";
import { customAnchor, slugify } from "./heading-anchor";
import { htmlTokens } from "./html-fragment";
import { htmlTable } from "./html-tables";
import { emptyText, htmlPhrasing, inlineNodes, type InlineContext } from "./inline-to-document";
import { imageRef, type PathResolver } from "./link-targets";
import { pairTags, parseBlockTagLine, splitTagLines, type LiquidTag } from "./liquid-tags";
import { MAX_NESTING } from "./markdown-limits";
import { capNesting, walkTree } from "./tree-walk";
import { parseMarkdown } from "./parse-markdown";
import { tableToDocument } from "./tables";
import { UniqueIds } from "./unique-ids";

export type MarkdownToDocumentOptions = {
  /** Resolves relative `.md` and slug paths to pages or files; unresolved ones stay urls. */
  resolvePath?: PathResolver;
};

/**
 * What a document read from markdown keeps of its source, for writing it back
 * (document-to-markdown.ts): each block written at the page's own level (not inside a quote or
 * list) with its source lines, as written, and the text of each link whose text a document does
 * not keep (a page link's, a card's target), by url.
 */
export type DocumentSource = {
  markdown: string;
  blocks: Map<DocumentBlock, SourceSpan>;
  linkTexts: Map<string, string>;
};

/** A block's source lines: from the start of its first line to the end of its last (`start`, `end`). */
export type SourceSpan = { start: number; end: number };

type Context = InlineContext & {
  headingIds: UniqueIds;
  tagDepth: number;
  /** Set while reading blocks written at the page's own level, whose source a writer may reuse. */
  source?: Recorder;
};

/** Tags that enclose blocks up to their closing tag (`<details>` … `</details>` included). */
const PAIRED_TAGS = ["hint", "code", "tabs", "tab", "details", "file", "embed", "stepper", "step", "columns", "column", "updates", "update", "if", "prompt", ...VOID_PAIRED_TAGS];

/** Builds the reference's JSON document for a page body (GitBook-flavoured markdown). */
export function markdownToDocument(markdown: string, options: MarkdownToDocumentOptions = {}): JSONDocument {
  return readMarkdown(markdown, options).document;
}

/** The document of `markdown` and what it keeps of its source. */
export function readMarkdown(written: string, options: MarkdownToDocumentOptions = {}): { document: JSONDocument; source: DocumentSource } {
  // Content written on a container tag's line is read as if on lines of its own (and kept so, as its source).
  let markdown = written;
  let tree = parseMarkdown(markdown);
  if (markdown.includes("{%")) {
    markdown = splitTagLines(written, paragraphSpans(tree));
    if (markdown !== written) tree = parseMarkdown(markdown);
  }
  // A page stored before nesting was limited is read with what lies deeper flattened.
  capNesting(tree);
  const recorder = new Recorder(markdown, tree.children);
  const context: Context = { definitions: new Map<string, Definition>(), resolvePath: options.resolvePath, headingIds: new UniqueIds(), tagDepth: 0, source: recorder };
  // Whatever a container cannot hold was lifted to the top level, which holds all of it.
  const nodes = blocks(tree.children, context) as JSONDocument["nodes"];
  const document: JSONDocument = { object: "document", data: {}, nodes: nodes.length > 0 ? nodes : [paragraph([emptyText()])] };
  assignKeys(document.nodes, "");
  return { document, source: { markdown, blocks: recorder.spans, linkTexts: recorder.linkTexts } };
}

/** Where the paragraphs of a tree were written, in order. */
function paragraphSpans(tree: Root): SourceSpan[] {
  const spans: SourceSpan[] = [];
  for (const node of walkTree(tree)) {
    const { start, end } = node.position ?? {};
    if (node.type === "paragraph" && start?.offset !== undefined && end?.offset !== undefined) spans.push({ start: start.offset, end: end.offset });
  }
  return spans;
}

/** A document of `markdown` as written, one paragraph of text: for a page whose markdown cannot be read within limits. */
export function textDocument(markdown: string): JSONDocument {
  const document: JSONDocument = { object: "document", data: {}, nodes: [paragraph([{ object: "text", leaves: [{ object: "leaf", text: markdown, marks: [] }] }])] };
  assignKeys(document.nodes, "");
  return document;
}

/** Where the blocks read at the page's own level were written, and the texts of links a document does not keep. */
class Recorder {
  readonly spans = new Map<DocumentBlock, SourceSpan>();
  readonly linkTexts = new Map<string, string>();
  /** How many of the page-level nodes before each one hold a reference-style link or image (whose definition the block's source does not carry). */
  private readonly referencesBefore: number[];
  private readonly nodeIndex = new Map<RootContent, number>();

  constructor(
    readonly markdown: string,
    nodes: RootContent[],
  ) {
    this.referencesBefore = [0];
    nodes.forEach((node, index) => {
      this.nodeIndex.set(node, index);
      let referenced = false;
      for (const inner of walkTree(node)) {
        if ((inner.type === "link" || inner.type === "image") && inner.data?.reference) referenced = true;
        if (inner.type === "html" && inner.value.includes("<a ")) this.htmlLinkTexts(inner.value);
        if (inner.type === "link" && inner.title !== "mention" && inner.children.length === 1 && inner.children[0]!.type === "text") this.linkTexts.set(inner.url, inner.children[0]!.value);
        if (inner.type === "link" && inner.title === "mention") this.linkTexts.set(inner.url, plainTextOf(inner.children));
      }
      this.referencesBefore.push(this.referencesBefore[index]! + (referenced ? 1 : 0));
    });
  }

  /** The texts of the links of GitBook's HTML (a card's target, a cover image's file name). */
  private htmlLinkTexts(html: string): void {
    const tokens = htmlTokens(html);
    tokens.forEach((token, i) => {
      const text = tokens[i + 1];
      const close = tokens[i + 2];
      if (token.kind === "open" && token.name === "a" && token.attributes.has("href") && text?.kind === "text" && close?.kind === "close" && close.name === "a") {
        this.linkTexts.set(token.attributes.get("href")!, text.text);
      }
    });
  }

  /** Records that `block` was read from the page-level nodes `first`…`last`, when its source can stand for it. */
  record(block: DocumentBlock, first: RootContent, last: RootContent): void {
    const from = this.nodeIndex.get(first);
    const to = this.nodeIndex.get(last);
    const start = first.position?.start.offset;
    const end = last.position?.end.offset;
    if (from === undefined || to === undefined || start === undefined || end === undefined) return;
    if (this.referencesBefore[to + 1]! - this.referencesBefore[from]! > 0) return;
    const lineStart = this.markdown.lastIndexOf("\n", start - 1) + 1;
    // Indented code (four columns in) would join a list written before it.
    const indent = this.markdown.slice(lineStart, start);
    if (indent.includes("\t") || indent.length >= 4) return;
    this.spans.set(block, { start: lineStart, end });
  }
}

const plainTextOf = (nodes: readonly RootContent[]): string => nodes.map((node) => ("value" in node ? node.value : "children" in node ? plainTextOf(node.children as RootContent[]) : "")).join("");

/** A block tag line (`{% hint … %}`, `<details>`). */
function tagOf(node: RootContent | undefined): LiquidTag | undefined {
  return node?.type === "blockTag" ? parseBlockTagLine(node.value) : undefined;
}

function blocks(children: RootContent[], context: Context): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  const tags = children.map(tagOf);
  // Block tags nested past the limit stay text, as in a page stored before nesting was limited.
  const closing = context.tagDepth < MAX_NESTING ? pairTags(tags, PAIRED_TAGS) : new Map<number, number>();
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const tag = tags[i];
    const end = closing.get(i);
    let produced: DocumentBlock[];
    let last = i;
    if (tag && end !== undefined) {
      produced = paired(tag, children.slice(i + 1, end), { ...context, tagDepth: context.tagDepth + 1 });
      last = end;
    } else if (tag && !tag.closing) {
      produced = unpaired(tag, child, context);
    } else if (tag?.closing && tag.name === "embed") {
      // An embed's closing tag only ends its caption, which the reference's embed has no place for.
      continue;
    } else {
      produced = block(child, context);
    }
    if (context.source && produced.length === 1) context.source.record(produced[0]!, child, children[last]!);
    out.push(...produced);
    i = last;
  }
  return groupItems(out);
}

/** A tag without its closing tag: the tags GitBook writes alone, or its line as text. */
function unpaired(tag: LiquidTag, node: RootContent, context: Context): DocumentBlock[] {
  switch (tag.name) {
    // A file needs no closing tag when it has no caption.
    case "file":
      return file(tag, [], context);
    case "embed":
      if (tag.attributes.url) return embed(tag, []);
      break;
    case "include":
      if (tag.argument) return [{ object: "block", type: "reusable-content", isVoid: true, data: { ref: { kind: "reusable-content", reusableContent: tag.argument } } }];
      break;
    default: {
      const lone = VOID_PAIRED_TAGS.includes(tag.name) ? voidTagBlock(tag, [], context) : undefined;
      if (lone) return lone;
    }
  }
  return block(node, context);
}

function paired(tag: LiquidTag, children: RootContent[], context: Context): DocumentBlock[] {
  const inner = () => blocks(children, context);
  switch (tag.name) {
    case "hint":
      return hint(tag, inner());
    case "code":
      return withCodeAttributes(tag, inner());
    case "tabs":
    case "stepper":
    case "columns":
    case "updates": {
      // The items were grouped into one container by `blocks`; it takes this tag's data, and an empty one stays.
      const grouped = groupItems(ungroup(inner()), tag);
      return grouped.length > 0 ? grouped : [emptyContainer(tag)];
    }
    case "tab":
      return tabsItem(tag, inner());
    case "step":
      return stepperStep(tag, inner());
    case "column":
      return column(tag, inner());
    case "update":
      return update(tag, inner());
    case "if":
      return ifBlock(tag, inner());
    case "prompt":
      return prompt(tag, inner());
    case "details": {
      // The title is on the `<details>` line or on a `<summary>` line right after it.
      const summary = tag.attributes.titleHtml === undefined ? tagOf(children[0]) : undefined;
      const titleHtml = summary?.name === "summary" ? summary.attributes.titleHtml! : (tag.attributes.titleHtml ?? "");
      return expandable(htmlPhrasing(htmlTokens(titleHtml)), tag.attributes.open === "true", blocks(summary?.name === "summary" ? children.slice(1) : children, context), context);
    }
    case "file":
      return file(tag, inner(), context);
    case "embed":
      return embed(tag, inner());
    default: {
      // The line inside a page link or an OpenAPI block names its target; its text is kept for writing it back.
      const body = inner();
      return voidTagBlock(tag, body, context) ?? body;
    }
  }
}

/** Containers the items of a container tag were grouped into, back to items (to group them again with the tag's data). */
function ungroup(inner: DocumentBlock[]): DocumentBlock[] {
  return inner.flatMap((block) => (Object.values(CONTAINER_OF).includes(block.type) && "nodes" in block ? (block.nodes as DocumentBlock[]) : [block]));
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
      return fitInto("blockquote", blocks(node.children, nested(context)), (nodes) => ({ object: "block", type: "blockquote", data: {}, nodes: nodes as DocumentBlockQuote["nodes"] }));
    case "list":
      return list(node, context);
    case "code":
      return [code(node, context)];
    case "math":
      return [{ object: "block", type: "math", isVoid: true, data: { formula: node.value } }];
    case "table":
      return [tableToDocument(node, context)];
    case "html":
      return htmlBlock(node.value, context);
    case "blockTag":
      // A tag line left without its pair stays visible, as text.
      return [paragraph(inlineNodes([{ type: "text", value: node.value }], context))];
    case "footnoteDefinition": {
      // No footnotes in the reference: the note becomes text where it was written.
      const [first, ...rest] = node.children;
      const label: Paragraph = { type: "paragraph", children: [{ type: "text", value: `[^${node.label ?? node.identifier}]: ` }] };
      if (first?.type === "paragraph") label.children.push(...first.children);
      return blocks(first?.type === "paragraph" ? [label, ...rest] : [label, ...node.children], nested(context));
    }
    default:
      return [];
  }
}

/** Blocks inside a quote or a list item: their source is prefixed, not reusable as written. */
const nested = (context: Context): Context => (context.source ? { ...context, source: undefined } : context);

/** GitBook's HTML blocks: code with highlighted lines, figures, drawings, tables, aligned text, an image alone; other raw HTML has no block in the reference and stays visible, as text. */
function htmlBlock(html: string, context: Context): DocumentBlock[] {
  const code = htmlCode(html);
  if (code) return [code];
  const figure = htmlImages(html, context);
  if (figure) return [figure];
  const drawing = htmlDrawing(html, context.resolvePath);
  if (drawing) return [drawing];
  const table = htmlTable(html, context);
  if (table) return [table];
  const aligned = htmlAlignedText(html, context);
  if (aligned) return [aligned.type === "paragraph" ? aligned : { ...aligned, meta: { id: context.headingIds.claim(slugify(plainText(aligned.nodes))) } }];
  const image = htmlInlineImage(html);
  if (image) return [paragraph([image])];
  return [paragraph(inlineNodes([{ type: "text", value: html }], context))];
}

function heading(node: Heading, context: Context): DocumentBlockHeading {
  // ATX headings hold one line; the reference has three levels, deeper ones become the third.
  const anchor = customAnchor(node.children);
  const children = (anchor?.children ?? node.children).map((child) => (child.type === "break" ? { type: "text" as const, value: " " } : child));
  const nodes = inlineNodes(children, context);
  const type = `heading-${Math.min(node.depth, 3)}` as DocumentBlockHeading["type"];
  const data: DocumentBlockHeading["data"] = anchor ? { id: anchor.id } : {};
  return { object: "block", type, data, meta: { id: context.headingIds.claim(anchor?.id ?? slugify(plainText(nodes))) }, nodes };
}

/**
 * A list, split where an item holds a block a list item cannot (tabs, an expandable, an image…):
 * that block and the rest of its item come out after the items before it, and the items after
 * them make a list of their own (numbered on). Every block keeps its kind and its order; only
 * the list's boundary moves.
 */
function list(node: List, context: Context): DocumentBlock[] {
  const tasks = node.children.some((item) => typeof item.checked === "boolean");
  const inner = nested(context);
  const out: DocumentBlock[] = [];
  let items: DocumentBlockListItem[] = [];
  let start = node.start ?? 1;
  const flush = () => {
    if (items.length > 0) out.push(listBlock(node, tasks, start, items));
    start += items.length;
    items = [];
  };
  for (const item of node.children) {
    const { kept, lifted } = fitIntoListItem(blocks(item.children, inner));
    // An item whose blocks all came out leaves no empty bullet behind.
    if (kept.length > 0 || lifted.length === 0) items.push({ object: "block", type: "list-item", data: tasks ? { checked: item.checked === true } : {}, nodes: (kept.length > 0 ? kept : [paragraph([emptyText()])]) as DocumentBlockListItem["nodes"] });
    else start -= 1;
    if (lifted.length === 0) continue;
    flush();
    out.push(...lifted);
  }
  flush();
  return out;
}

function listBlock(node: List, tasks: boolean, start: number, items: DocumentBlockListItem[]): DocumentBlock {
  if (tasks) return { object: "block", type: "list-tasks", data: {}, nodes: items };
  if (!node.ordered) return { object: "block", type: "list-unordered", data: {}, nodes: items };
  return { object: "block", type: "list-ordered", data: start !== 1 ? { start } : {}, nodes: items };
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

