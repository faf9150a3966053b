import type { Heading, Nodes, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { slugify } from "../content/format";

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
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const anchors = headingAnchors(tree);
  const sections: PageSection[] = [{ id: "", position: 0, title: "", body: "" }];
  const parts: string[][] = [[]];
  for (const node of tree.children) {
    if (node.type === "heading" && node.depth <= SECTION_DEPTH) {
      sections.push({ id: anchors.get(node)!, position: sections.length, title: headingText(node).trim(), body: "" });
      parts.push([]);
    } else {
      parts[parts.length - 1]!.push(blockText(node));
    }
  }
  return sections.map((section, index) => ({ ...section, body: clean(parts[index]!.join("\n")) }));
}

/** Longer anchors are cut (they are part of a B-tree key); no real heading comes close. */
const MAX_ANCHOR = 200;

function headingAnchors(tree: Root): Map<Heading, string> {
  const anchors = new Map<Heading, string>();
  // "" is the lead's: a heading without letters or digits (say, an emoji) becomes "-1".
  const used = new Set<string>([""]);
  const visit = (node: Nodes) => {
    if (node.type === "heading") {
      const base = slugify(headingText(node)).slice(0, MAX_ANCHOR);
      let id = base;
      for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      anchors.set(node, id);
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return anchors;
}

function headingText(node: Heading): string {
  return node.children.map((child) => (child.type === "break" ? " " : inlineText(child))).join("");
}

/** The words of inline content: text, code, and the text of links and emphasis. */
function inlineText(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return "\n";
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
      return node.value.replace(/<[^>]*>/g, " ");
    default:
      return "children" in node ? node.children.map(inlineText).join("") : "";
  }
}

/** The words of a block: its inline text, or its child blocks' one per line. */
function blockText(node: RootContent): string {
  switch (node.type) {
    case "code":
      return node.value;
    case "html":
      return node.value.replace(/<[^>]*>/g, " ");
    case "paragraph":
    case "heading":
    case "tableCell":
      return node.children.map(inlineText).join("");
    case "tableRow":
      return node.children.map(blockText).join(" ");
    case "definition":
    case "thematicBreak":
      return "";
    default:
      return "children" in node ? (node.children as RootContent[]).map(blockText).join("\n") : "";
  }
}

/** Drops GitBook block tags (`{% hint style="info" %}`), blank runs of lines, and what is beyond the bound. */
function clean(text: string): string {
  return text
    .replace(/\{%-?[\s\S]*?-?%\}/g, " ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, MAX_SECTION_TEXT);
}
