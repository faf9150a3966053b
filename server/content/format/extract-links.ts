import type { Definition, Nodes } from "mdast";
import { htmlImageSources } from "./html-figures";
import { tagTargetSource } from "./liquid-tags";
import { parseLinkTarget, type LinkRelation, type LinkTarget, type RecordedLink } from "./link-targets";
import { walkTree } from "./tree-walk";
import { parseMarkdown } from "./parse-markdown";

type Position = NonNullable<Nodes["position"]>;

export type ExtractedLink = {
  target: LinkTarget;
  /** Where the link or image is written in the markdown (lines and columns from 1, offsets from 0). */
  position: Position;
  type: LinkRelation;
};

/** Every link and image target in a page body (a block tag's target, a file's say, as a link), in reading order; links inside code are text, not links. */
export function extractLinks(markdown: string): ExtractedLink[] {
  const tree = parseMarkdown(markdown);
  const definitions = new Map<string, Definition>();
  // A reference is resolved after the walk: its definition may come after it.
  const references: { url?: string; identifier?: string; position: Position; type: ExtractedLink["type"] }[] = [];
  const hasTags = markdown.includes("{%");
  for (const node of walkTree(tree)) {
    if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if (node.position && (node.type === "link" || node.type === "image")) references.push({ url: node.url, position: node.position, type: node.type });
    if (node.position && (node.type === "linkReference" || node.type === "imageReference")) {
      references.push({ identifier: node.identifier, position: node.position, type: node.type === "linkReference" ? "link" : "image" });
    }
    if (node.type === "html" && node.position && node.value.includes("<img")) {
      for (const url of htmlImageSources(node.value)) references.push({ url, position: node.position, type: "image" });
    }
    const target = hasTags && node.type === "blockTag" && node.position ? tagTargetSource(node.value, 0) : undefined;
    if (target && node.position) references.push({ url: target.url, position: node.position, type: "link" });
  }
  return references.flatMap(({ url, identifier, position, type }) => {
    const resolved = url ?? definitions.get(identifier ?? "")?.url;
    return resolved === undefined ? [] : [{ target: parseLinkTarget(resolved), position, type }];
  });
}

/** Distinct link and image targets of a body, in order of first appearance: what a page version records. */
export function recordedLinks(markdown: string): RecordedLink[] {
  const seen = new Map<string, RecordedLink>();
  for (const { target, type } of extractLinks(markdown)) {
    const link: RecordedLink = { ...target, relation: type };
    seen.set(JSON.stringify(link), link);
  }
  return [...seen.values()];
}
