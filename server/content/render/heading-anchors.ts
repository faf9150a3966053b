import type { Heading, Nodes, Root } from "mdast";
import { customAnchor, slugify } from "../format/heading-anchor";
import { replaceTags } from "../format/linear-text";
import { walkTree } from "../format/tree-walk";
import { UniqueIds } from "../format/unique-ids";

/**
 * A remark plugin giving every heading the id search results link to (`…/p/<page>#<anchor>`):
 * the same function names them on both sides, so an anchor always finds its heading.
 */
export function remarkHeadingAnchors() {
  return (tree: Root) => {
    for (const [heading, id] of headingAnchors(tree)) heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
  };
}

/** Longer anchors are cut (they are part of a B-tree key); no real heading comes close. */
const MAX_ANCHOR = 200;

/** Every heading's anchor, as search (server/search/sections.ts) and the page document name it; the reader gives headings these ids. */
export function headingAnchors(tree: Root): Map<Heading, string> {
  const anchors = new Map<Heading, string>();
  // "" is the lead's: a heading without letters or digits (say, an emoji) becomes "-1".
  const ids = new UniqueIds([""]);
  for (const node of walkTree(tree)) {
    if (node.type === "heading") anchors.set(node, ids.claim((customAnchor(node.children)?.id ?? slugify(headingText(node))).slice(0, MAX_ANCHOR)));
  }
  return anchors;
}

/** A heading's text, without the anchor written after it. */
export function headingText(node: Heading): string {
  return (customAnchor(node.children)?.children ?? node.children).map((child) => (child.type === "break" ? " " : textOf(child, "inline"))).join("");
}

type Mode = "block" | "inline";

/**
 * The words of a node. Inline: text, code, image alt text and the text inside links and emphasis.
 * Block: a paragraph's (heading's, table cell's) inline text, a row's cells joined by spaces,
 * other blocks' child blocks one per line. Iterative, so that no nesting exhausts the stack.
 */
export function textOf(root: Nodes, rootMode: Mode): string {
  const out: string[] = [];
  const pending: (string | { node: Nodes; mode: Mode })[] = [{ node: root, mode: rootMode }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const { node, mode } = item;
    const own = mode === "inline" ? inlineValue(node) : blockValue(node);
    if (own !== undefined) {
      out.push(own);
      continue;
    }
    if (!("children" in node)) continue;
    const inlineChildren = mode === "inline" || node.type === "paragraph" || node.type === "heading" || node.type === "tableCell";
    const separator = inlineChildren ? "" : node.type === "tableRow" ? " " : "\n";
    for (let i = node.children.length - 1; i >= 0; i--) {
      pending.push({ node: node.children[i]!, mode: inlineChildren ? "inline" : "block" });
      if (i > 0 && separator) pending.push(separator);
    }
  }
  return out.join("");
}

/** An inline node's own text, or undefined when its text is its children's. */
function inlineValue(node: Nodes): string | undefined {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "inlineMath":
      return node.value;
    case "break":
      return "\n";
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
      return replaceTags(node.value, " ");
    default:
      return undefined;
  }
}

/** A block's own text, or undefined when its text is its children's. */
function blockValue(node: Nodes): string | undefined {
  switch (node.type) {
    case "code":
    case "math":
      return node.value;
    case "html":
    case "blockTag":
      return replaceTags(node.value, " ");
    case "definition":
    case "thematicBreak":
      return "";
    default:
      return undefined;
  }
}
