import type { JSONDocument } from "@gitbook/api";
import { applyBlockKeys, BLOCK_KEY, carryBlockKeys, documentBlocks, keysForRead, MAX_KEYED_BLOCKS } from "../format/block-keys";
import { documentToMarkdown } from "../format/document-to-markdown";
import { markdownLimitProblem } from "../format/markdown-limits";
import { markdownToDocument } from "../format/markdown-to-document";
import { indexDocument, mergeDocuments, type Block, type BlockChoice, type BlockConflict, type BlockTree, type Side } from "./block-merge";

/**
 * The merge of one page's body, from stored versions (markdown and block keys) to the merged
 * markdown: the block merge of their keyed documents (block-merge.ts). Runs in the markdown
 * workers (server/markdown/), as every parse of page markdown does, each page within a budget.
 */

export type BodyVersion = { markdown: string; blockKeys?: string[] };

/** A choice for one conflicting block, as it crosses to a worker: blocks written instead come as markdown or as a JSON document (their keys kept). */
export type BodyChoice = { key: string } & ({ take: Side | "both" } | { markdown: string } | { documentJson: string });

export type BodyMergeInput = { pageId: string; base: BodyVersion; ours: BodyVersion; theirs: BodyVersion; changeRequest: Side; choices?: BodyChoice[] };

/** One version of a conflicting block: the block alone (a list item in its list, a tab in its tabs), as markdown and as a keyed document. */
export type BlockVersion = { markdown: string; document: JSONDocument };

/** A conflicting block: its type, and its version in base and on each side (null where it is not). */
export type BodyConflict = BlockConflict & { type: string; versions: Record<"base" | Side, BlockVersion | null> };

export type BodyMergeOutcome =
  | { ok: true; markdown: string; documentJson: string }
  | { ok: false; conflicts: BodyConflict[] }
  /** A version is past the limits a page is parsed within (size, nesting, blocks): the body conflicts as a whole. */
  | { ok: false; tooDifferent: true }
  /** A choice's written blocks are not a valid document. */
  | { ok: false; invalidChoice: { key: string; message: string } };

export function mergePageBody(input: BodyMergeInput): BodyMergeOutcome {
  const versions = [input.base, input.ours, input.theirs];
  if (versions.some((version) => markdownLimitProblem(version.markdown))) return { ok: false, tooDifferent: true };
  const base = keyedVersion(input.pageId, input.base, null);
  const ours = base && keyedVersion(input.pageId, input.ours, base);
  const theirs = base && keyedVersion(input.pageId, input.theirs, base);
  if (!base || !ours || !theirs) return { ok: false, tooDifferent: true };

  const choices = new Map<string, BlockChoice>();
  for (const choice of input.choices ?? []) {
    const blocks = writtenBlocks(choice);
    if (typeof blocks === "string") return { ok: false, invalidChoice: { key: choice.key, message: blocks } };
    choices.set(choice.key, blocks ?? { take: (choice as { take: Side | "both" }).take });
  }
  const merged = mergeDocuments({ base, ours, theirs }, { changeRequest: input.changeRequest, choices });
  if (!merged.ok) {
    const trees = { base: indexDocument(base)!, ours: indexDocument(ours)!, theirs: indexDocument(theirs)! };
    return { ok: false, conflicts: merged.conflicts.map((conflict) => describe(conflict, trees)) };
  }
  return { ok: true, markdown: documentToMarkdown(merged.document), documentJson: JSON.stringify(merged.document) };
}

/**
 * A stored version's document with its block keys. A version whose keys do not fit its blocks
 * (stored before keys, or past MAX_KEYED_BLOCKS) takes keys carried from base, so that its blocks
 * meet base's by content, not by position; base takes the keys reads give it. Null past the
 * number of blocks a page is keyed up to.
 */
function keyedVersion(pageId: string, version: BodyVersion, base: JSONDocument | null): JSONDocument | null {
  const document = markdownToDocument(version.markdown);
  const count = documentBlocks(document).length;
  if (count > MAX_KEYED_BLOCKS) return null;
  const keys = version.blockKeys;
  const fitting = keys !== undefined && keys.length === count && keys.every((key) => BLOCK_KEY.test(key)) && new Set(keys).size === count;
  if (fitting) return applyBlockKeys(document, keys);
  return applyBlockKeys(document, base ? carryBlockKeys(document, [base]) : keysForRead(pageId, keys, count));
}

/** The blocks a choice writes instead of a conflicting block, read as a page would be; a message when they cannot be; null for a side taken. */
function writtenBlocks(choice: BodyChoice): { blocks: Block[] } | string | null {
  if ("take" in choice) return null;
  if ("markdown" in choice) return { blocks: markdownToDocument(choice.markdown).nodes as Block[] };
  try {
    const given = JSON.parse(choice.documentJson) as JSONDocument;
    // Through markdown, as any written body: the blocks are what the page will store, and keep the keys the writer gave.
    const document = markdownToDocument(documentToMarkdown(given));
    return { blocks: applyBlockKeys(document, carryBlockKeys(document, [given])).nodes as Block[] };
  } catch (error) {
    return `is not a valid document (${(error as Error).message})`;
  }
}

function describe(conflict: BlockConflict, trees: Record<"base" | Side, BlockTree>): BodyConflict {
  const versions = {
    base: versionIn(trees.base, conflict.key),
    ours: versionIn(trees.ours, conflict.key),
    theirs: versionIn(trees.theirs, conflict.key),
  };
  const type = (trees.ours.entries.get(conflict.key) ?? trees.theirs.entries.get(conflict.key))!.block.type;
  return { ...conflict, type, versions };
}

/** A block as one version has it, alone: a list item or a tab inside its list or tabs (with nothing else). */
function versionIn(tree: BlockTree, key: string): BlockVersion | null {
  const entry = tree.entries.get(key);
  if (!entry) return null;
  let block = entry.block;
  const parent = tree.entries.get(entry.parent)?.block;
  if (parent && (block.type === "list-item" || block.type === "tabs-item")) block = { ...parent, nodes: [block] };
  const document: JSONDocument = { object: "document", data: {}, nodes: [block] as JSONDocument["nodes"] };
  return { markdown: documentToMarkdown(document), document };
}
