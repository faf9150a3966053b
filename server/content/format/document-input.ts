import type { JSONDocument } from "@gitbook/api";
import { documentToMarkdown, MAX_DOCUMENT_DEPTH } from "./document-to-markdown";
import { readMarkdown } from "./markdown-to-document";

/**
 * The reference's JSON document as a write gives it (`{ document: { object: "document", … } }`),
 * checked for shape and bounded in size and depth in one iterative pass before anything recursive
 * (the conversion to markdown) sees it.
 */

/** Nodes (blocks, inlines, texts, leaves, fragments) one document may hold: past any page a 512 KiB markdown body can express. */
export const MAX_DOCUMENT_NODES = 200_000;

const NODE_OBJECTS = new Set(["block", "inline", "text"]);

/** A node waiting to be checked: where it is is kept as links to its parents, spelled out only for a message. */
type Pending = { node: unknown; depth: number; parent: Pending | null; index: number; fragment?: number };

function pathOf(item: Pending): string {
  const parts: string[] = [];
  for (let at: Pending | null = item; at; at = at.parent) parts.push(at.fragment === undefined ? `nodes[${at.index}]` : `fragments[${at.fragment}].nodes[${at.index}]`);
  return parts.reverse().join(".");
}

/** What is wrong with a JSON document's shape or size (`path: message`), or null. */
export function documentShapeProblem(value: unknown): string | null {
  if (!isRecord(value) || value.object !== "document") return `must be a JSON document { object: "document", data, nodes }`;
  if (value.data !== undefined && !isRecord(value.data)) return "data: must be an object";
  if (!Array.isArray(value.nodes)) return "nodes: must be an array";
  let count = 0;
  const pending: Pending[] = value.nodes.map((node, index) => ({ node, depth: 1, parent: null, index }));
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (++count > MAX_DOCUMENT_NODES) return `more than ${MAX_DOCUMENT_NODES} nodes`;
    if (item.depth > MAX_DOCUMENT_DEPTH) return `nested deeper than ${MAX_DOCUMENT_DEPTH} levels`;
    const { node, depth } = item;
    if (!isRecord(node) || !NODE_OBJECTS.has(node.object as string)) return `${pathOf(item)}: must be a block, inline or text node`;
    if (node.key !== undefined && typeof node.key !== "string") return `${pathOf(item)}.key: must be a string`;
    if (node.object === "text") {
      if (!Array.isArray(node.leaves)) return `${pathOf(item)}.leaves: must be an array`;
      for (const [l, leaf] of node.leaves.entries()) {
        if (++count > MAX_DOCUMENT_NODES) return `more than ${MAX_DOCUMENT_NODES} nodes`;
        if (!isRecord(leaf) || typeof leaf.text !== "string" || !Array.isArray(leaf.marks)) return `${pathOf(item)}.leaves[${l}]: must be a leaf { text, marks }`;
      }
      continue;
    }
    if (typeof node.type !== "string") return `${pathOf(item)}.type: must be a string`;
    if (node.data !== undefined && !isRecord(node.data)) return `${pathOf(item)}.data: must be an object`;
    if (node.nodes !== undefined) {
      if (!Array.isArray(node.nodes)) return `${pathOf(item)}.nodes: must be an array`;
      for (let index = 0; index < node.nodes.length; index++) pending.push({ node: node.nodes[index], depth: depth + 1, parent: item, index });
    }
    if (node.fragments !== undefined) {
      if (!Array.isArray(node.fragments)) return `${pathOf(item)}.fragments: must be an array`;
      for (const [f, fragment] of node.fragments.entries()) {
        if (!isRecord(fragment) || !Array.isArray(fragment.nodes)) return `${pathOf(item)}.fragments[${f}]: must be a fragment { fragment, nodes }`;
        for (let index = 0; index < fragment.nodes.length; index++) pending.push({ node: fragment.nodes[index], depth: depth + 2, parent: item, index, fragment: f });
      }
    }
  }
  return null;
}

/**
 * Markdown for a document whose shape was checked, given as JSON: run in the markdown pool (the
 * conversion is recursive and linear, but of a large document; JSON crosses to a worker several
 * times faster than the object would be cloned). With `base`, the markdown the document was read
 * from (the page's current body), unchanged blocks are written back as they were written there.
 * A block whose fields are not what its type says answers `error` instead of throwing, so a
 * malformed document is the writer's 400.
 */
export function documentMarkdown(input: { json: string; base?: string }): { markdown: string } | { error: string } {
  try {
    const document = JSON.parse(input.json) as JSONDocument;
    return { markdown: documentToMarkdown(document, input.base === undefined ? {} : { base: readMarkdown(input.base) }) };
  } catch (error) {
    return { error: `is not a valid document (${(error as Error).message})` };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
