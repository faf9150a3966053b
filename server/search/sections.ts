import { replaceSpans, trimEndOf } from "../content/format/linear-text";
import { parseTag } from "../content/format/liquid-tags";
import { parseMarkdown } from "../content/format/parse-markdown";
import { headingAnchors, headingText, textOf } from "../content/render/heading-anchors";

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
