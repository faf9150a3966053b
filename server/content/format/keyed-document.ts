import type { JSONDocument } from "@gitbook/api";
import { applyBlockKeys, BLOCK_KEY, carryBlockKeys, documentBlocks, keysForRead, MAX_KEYED_BLOCKS } from "./block-keys";
import { markdownToDocument, textDocument } from "./markdown-to-document";

/**
 * Where a page's new body takes block keys from: a keyed JSON document (as JSON, which crosses
 * to a worker faster than the object), or a stored version (its markdown and keys).
 */
export type KeySource = { documentJson: string } | { markdown: string; blockKeys?: string[]; pageId: string };

/** The document of a stored version with its keys (derived for a version stored before keys). */
export function keyedDocument(input: { markdown: string; pageId: string; blockKeys?: string[] }): JSONDocument {
  const document = markdownToDocument(input.markdown);
  return applyBlockKeys(document, keysForRead(input.pageId, input.blockKeys, documentBlocks(document).length));
}

/** How many blocks the document of `markdown` has (a stored version's key count). */
export function blockCount(markdown: string): number {
  return documentBlocks(markdownToDocument(markdown)).length;
}

/** `textDocument` of a version whose markdown cannot be read within limits, keyed as far as it can be. */
export function keyedTextDocument(input: { markdown: string; pageId: string; blockKeys?: string[] }): JSONDocument {
  return applyBlockKeys(textDocument(input.markdown), keysForRead(input.pageId, input.blockKeys, 1));
}

/**
 * The block keys of a page's new body: `keys` when the writer gave keys that fit it (one per
 * block, valid, none repeated), otherwise carried from `sources`, first priority first; null for
 * a body of more than MAX_KEYED_BLOCKS blocks.
 */
export function pageBlockKeys(input: { markdown: string; keys?: string[]; sources: KeySource[] }): string[] | null {
  const target = markdownToDocument(input.markdown);
  const count = documentBlocks(target).length;
  if (count > MAX_KEYED_BLOCKS) return null;
  const { keys } = input;
  if (keys && keys.length === count && keys.every((key) => BLOCK_KEY.test(key)) && new Set(keys).size === keys.length) return keys;
  return carryBlockKeys(
    target,
    input.sources.map((source) => ("documentJson" in source ? (JSON.parse(source.documentJson) as JSONDocument) : keyedDocument(source))),
  );
}
