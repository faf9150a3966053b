import type { CompileContext, Extension, Token } from "mdast-util-from-markdown";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { fileSources } from "../../content/format/liquid-tags";
import { walkTree } from "../../content/format/tree-walk";

/** Where a link, image or link definition's destination is written in a markdown source. */
export type LinkDestination = { kind: "link" | "image" | "definition"; url: string; start: number; end: number };

/**
 * The destinations of a document's links, images, definitions and `{% file src="…" %}` tags (as
 * links), with their exact offsets, so that a link can be rewritten without re-serializing (and
 * reformatting) the whole document.
 */
export function linkDestinations(markdown: string): LinkDestination[] {
  if (!markdown.includes("](") && !markdown.includes("]:") && !markdown.includes("{%")) return [];
  const found: LinkDestination[] = [];
  // Same as the default handlers (the destination becomes the node's url), plus recording where it is.
  function record(this: CompileContext, token: Token) {
    const url = this.resume();
    const node = this.stack[this.stack.length - 1] as { type: string; url: string };
    node.url = url;
    const kind = node.type === "image" ? "image" : node.type === "definition" ? "definition" : "link";
    found.push({ kind, url: this.sliceSerialize(token), start: token.start.offset, end: token.end.offset });
  }
  const positions: Extension = { exit: { resourceDestinationString: record, definitionDestinationString: record } };
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown(), positions] });
  if (!markdown.includes("{%")) return found;
  for (const node of walkTree(tree)) {
    const { start, end } = node.position ?? {};
    if (node.type !== "paragraph" || start?.offset === undefined || end?.offset === undefined) continue;
    for (const source of fileSources(markdown.slice(start.offset, end.offset), start.offset)) found.push({ kind: "link", ...source });
  }
  return found;
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
