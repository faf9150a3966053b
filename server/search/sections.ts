import type { Heading, Nodes, Root } from "mdast";
import { customAnchor, slugify } from "../content/format/markdown-to-document";
import { replaceSpans, replaceTags, trimEndOf } from "../content/format/linear-text";
import { parseTag } from "../content/format/liquid-tags";
import { walkTree } from "../content/format/tree-walk";
import { parseMarkdown } from "../content/format/parse-markdown";
import { UniqueIds } from "../content/format/unique-ids";

/** A part of a page as search indexes it: the lead (id "") or a heading and the text up to the next one. */
export type PageSection = { id: string; position: number; title: string; body: string };

/** Headings at these depths start a section; deeper ones stay in their section's text. */
const SECTION_DEPTH = 3;

/** Text indexed per section: far beyond any real section, and well under a tsvector's 1 MB. */
export const MAX_SECTION_TEXT = 100_000;

/**
 * Splits a page body into sections at its top-level `#`, `##` and `###` headings, as plain text
 * (markdown syntax, link targets and tags are not words anyone searches for). Anchors follow the
 * page document's heading ids (`markdownToDocument`): every heading, at any depth, takes one,
 * made unique in order.
 */
export function pageSections(markdown: string): PageSection[] {
  const tree = parseMarkdown(markdown);
  const anchors = headingAnchors(tree);
  const sections: PageSection[] = [{ id: "", position: 0, title: "", body: "" }];
  const parts: string[][] = [[]];
  for (const node of tree.children) {
    if (node.type === "heading" && node.depth <= SECTION_DEPTH) {
      sections.push({ id: anchors.get(node)!, position: sections.length, title: headingText(node).trim(), body: "" });
      parts.push([]);
    } else {
      parts[parts.length - 1]!.push(textOf(node, "block"));
    }
  }
  return sections.map((section, index) => ({ ...section, body: clean(parts[index]!.join("\n")) }));
}

/** Longer anchors are cut (they are part of a B-tree key); no real heading comes close. */
const MAX_ANCHOR = 200;

/** Every heading's anchor, as search and the page document name it; the reader gives headings these ids. */
export function headingAnchors(tree: Root): Map<Heading, string> {
  const anchors = new Map<Heading, string>();
  // "" is the lead's: a heading without letters or digits (say, an emoji) becomes "-1".
  const ids = new UniqueIds([""]);
  for (const node of walkTree(tree)) {
    if (node.type === "heading") anchors.set(node, ids.claim((customAnchor(node.children)?.id ?? slugify(headingText(node))).slice(0, MAX_ANCHOR)));
  }
  return anchors;
}

function headingText(node: Heading): string {
  return (customAnchor(node.children)?.children ?? node.children).map((child) => (child.type === "break" ? " " : textOf(child, "inline"))).join("");
}

type Mode = "block" | "inline";

/**
 * The words of a node. Inline: text, code, image alt text and the text inside links and emphasis.
 * Block: a paragraph's (heading's, table cell's) inline text, a row's cells joined by spaces,
 * other blocks' child blocks one per line. Iterative, so that no nesting exhausts the stack.
 */
function textOf(root: Nodes, rootMode: Mode): string {
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

/**
 * Drops GitBook block tags (`{% hint style="info" %}`) but the titles they carry (`{% tab title="…" %}`),
 * blanks ending lines, blank runs of lines, and what is beyond the bound.
 */
function clean(text: string): string {
  const lines = replaceSpans(text, "{%", "%}", (tag) => ` ${parseTag(tag)?.attributes.title ?? ""} `).split("\n");
  return lines
    .map((line, index) => (index < lines.length - 1 ? trimEndOf(line, " \t") : line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, MAX_SECTION_TEXT);
}
