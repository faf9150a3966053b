import { tagTargetSource } from "../../content/format/liquid-tags";
import { parseMarkdown } from "../../content/format/parse-markdown";
import { walkTree } from "../../content/format/tree-walk";

/** Where a link, image or link definition's destination is written in a markdown source. */
export type LinkDestination = { kind: "link" | "image" | "definition"; url: string; start: number; end: number };

/**
 * The destinations of a document's links, images, definitions and the targets of its block tags
 * (`{% file src="…" %}`, `{% content-ref url="…" %}`, `{% openapi src="…" %}`, as links), with their exact offsets, so that a link can be rewritten without re-serializing (and
 * reformatting) the whole document. Each is the destination as written (escapes and character
 * references undecoded), in reading order.
 */
export function linkDestinations(markdown: string): LinkDestination[] {
  if (!markdown.includes("](") && !markdown.includes("]:") && !markdown.includes("{%")) return [];
  const found: LinkDestination[] = [];
  const hasTags = markdown.includes("{%");
  for (const node of walkTree(parseMarkdown(markdown))) {
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const destination = node.data?.destination;
      if (!destination) continue;
      const kind = node.type === "definition" ? "definition" : node.type;
      found.push({ kind, url: markdown.slice(destination.start, destination.end), ...destination });
      continue;
    }
    if (!hasTags || node.type !== "blockTag" || !node.position) continue;
    const source = tagTargetSource(node.value, node.position.start.offset!);
    if (source) found.push({ kind: "link", ...source });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The document with some destinations (which do not overlap) replaced; built in one pass, whatever their number. */
export function replaceDestinations(markdown: string, replacements: { start: number; end: number; url: string }[]): string {
  const parts: string[] = [];
  let last = 0;
  for (const { start, end, url } of [...replacements].sort((a, b) => a.start - b.start)) {
    parts.push(markdown.slice(last, start), url);
    last = end;
  }
  parts.push(markdown.slice(last));
  return parts.join("");
}
