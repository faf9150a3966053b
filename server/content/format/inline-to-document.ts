import type {
  DocumentInline,
  DocumentInlineExpression,
  DocumentInlineImage,
  DocumentInlineLink,
  DocumentText,
  DocumentTextLeaf,
  DocumentTextMark,
} from "@gitbook/api";
import type { Definition, PhrasingContent } from "mdast";
import { imageRef, linkRef, type PathResolver } from "./link-targets";
import { replaceLineBreaks } from "./linear-text";
import { VARIABLE_EXPRESSION } from "./variables";

type MarkType = "bold" | "italic" | "strikethrough" | "code";
export type InlineNode = DocumentText | DocumentInline;

export type InlineContext = {
  definitions: Map<string, Definition>;
  resolvePath?: PathResolver;
};

type Piece = DocumentTextLeaf | DocumentInline;

const BREAK_TAG = /^<br\s*\/?>$/i;
// A soft line ending renders as a space; a hard break is the one newline a text keeps.
const softBreaksAsSpaces = (text: string) => replaceLineBreaks(text, " ");

const MARK_ORDER: MarkType[] = ["bold", "italic", "strikethrough", "code"];

// Marks in one fixed order, so equal formatting compares equal however the markdown nested it.
const leaf = (text: string, marks: MarkType[]): DocumentTextLeaf => ({
  object: "leaf",
  text,
  marks: MARK_ORDER.filter((type) => marks.includes(type)).map((type): DocumentTextMark => ({ object: "mark", type })),
});

const sameMarks = (a: DocumentTextLeaf, b: DocumentTextLeaf) =>
  a.marks.length === b.marks.length && a.marks.every((mark, i) => mark.type === b.marks[i]?.type);

export const emptyText = (): DocumentText => ({ object: "text", leaves: [leaf("", [])] });

/** Converts markdown phrasing to document texts and inlines; `inLink` limits it to what a link may hold. */
export function inlineNodes(nodes: PhrasingContent[], context: InlineContext, inLink = false): InlineNode[] {
  const pieces: Piece[] = [];
  for (const node of nodes) collect(node, [], context, inLink, pieces);
  return groupLeaves(pieces);
}

function collect(node: PhrasingContent, marks: MarkType[], context: InlineContext, inLink: boolean, out: Piece[]): void {
  const withMark = (mark: MarkType) => (marks.includes(mark) ? marks : [...marks, mark]);
  switch (node.type) {
    case "text":
      return textPieces(softBreaksAsSpaces(node.value), marks, inLink, out);
    case "strong":
    case "emphasis":
    case "delete": {
      const mark = node.type === "strong" ? "bold" : node.type === "emphasis" ? "italic" : "strikethrough";
      for (const child of node.children) collect(child, withMark(mark), context, inLink, out);
      return;
    }
    case "inlineCode":
      out.push(leaf(softBreaksAsSpaces(node.value), withMark("code")));
      return;
    case "break":
      out.push(leaf("\n", marks));
      return;
    case "html":
      out.push(leaf(BREAK_TAG.test(node.value) ? "\n" : node.value, marks));
      return;
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
        for (const child of node.children) collect(child, marks, context, inLink, out);
        return;
      }
      const inner: Piece[] = [];
      for (const child of node.children) collect(child, marks, context, true, inner);
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

/** Splits a text on variable expressions, which become expression inlines outside links. */
function textPieces(text: string, marks: MarkType[], inLink: boolean, out: Piece[]): void {
  if (inLink || marks.includes("code")) {
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
