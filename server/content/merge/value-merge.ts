import { contentJson } from "./content-json";
import { isInlineContent, mergeInlines } from "./inline-merge";
import { mergeTokens } from "./text-merge";

/**
 * The three-way merge of one block edited on both sides, as JSON: a field one side left alone
 * takes the other's value; objects (a block's data, a table's records) merge field by field;
 * inline content merges word by word (inline-merge.ts); lists of keyed parts (a code block's
 * lines, an images block's images, a table's cells as fragments, the blocks in a fragment) merge
 * part by part, by key. Anything else changed on both sides differently — two values of one
 * field, parts inserted at one place, a part deleted on one side and edited on the other — is a
 * conflict of the whole block.
 */

const CONFLICT = Symbol("conflict");
type Merged = unknown | typeof CONFLICT;

const same = (a: unknown, b: unknown) => a === b || contentJson(a) === contentJson(b);

/** The merged block, or null when both sides changed the same part of it differently. */
export function mergeBlockValue<T>(base: T | undefined, ours: T, theirs: T): T | null {
  const merged = mergeValue(base, ours, theirs);
  return merged === CONFLICT ? null : (merged as T);
}

function mergeValue(base: unknown, ours: unknown, theirs: unknown): Merged {
  if (same(ours, theirs) || same(theirs, base)) return ours;
  if (same(ours, base)) return theirs;
  if (isRecord(ours) && isRecord(theirs) && (base === undefined || isRecord(base))) return mergeRecords(base, ours, theirs);
  if (Array.isArray(ours) && Array.isArray(theirs) && (base === undefined || Array.isArray(base))) {
    const lists = [base ?? [], ours, theirs];
    if (lists.every(isInlineContent)) return mergeInlines(lists[0]!, ours, theirs) ?? CONFLICT;
    const identity = identityOf(lists);
    if (identity) return mergeKeyed(identity, lists[0]!, ours, theirs);
  }
  return CONFLICT;
}

function mergeRecords(base: Record<string, unknown> | undefined, ours: Record<string, unknown>, theirs: Record<string, unknown>): Merged {
  const merged: Record<string, unknown> = {};
  for (const field of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    // Heading anchors follow from the text: read again from the merged markdown.
    if (field === "meta") continue;
    const value = mergeValue(base?.[field], ours[field], theirs[field]);
    if (value === CONFLICT) return CONFLICT;
    if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/** What names the parts of keyed lists: blocks by key, fragments by name; null for other lists. */
function identityOf(lists: unknown[][]): ((part: unknown) => string) | null {
  for (const field of ["key", "fragment"] as const) {
    const name = (part: unknown) => (part as Record<string, unknown>)[field] as string;
    const named = lists.every((list) => {
      const names = list.map((part) => (isRecord(part) && typeof part[field] === "string" ? part[field] : null));
      return names.every((each) => each !== null) && new Set(names).size === names.length;
    });
    if (named) return name;
  }
  return null;
}

/**
 * Keyed parts merge as a sequence of keys, with diff3 (text-merge.ts), so that parts inserted,
 * deleted or moved by both sides at one place conflict (two rewrites of a table cell are two
 * deletions and two insertions there: they must not both stay); then each part kept on both
 * sides merges in turn. A part deleted on one side and changed on the other conflicts.
 */
function mergeKeyed(name: (part: unknown) => string, base: unknown[], ours: unknown[], theirs: unknown[]): Merged {
  const [baseParts, oursParts, theirsParts] = [base, ours, theirs].map((list) => new Map(list.map((part) => [name(part), part])));
  const sequence = mergeTokens(base.map(name), ours.map(name), theirs.map(name));
  if (!sequence.ok) return CONFLICT;
  const kept = new Set(sequence.tokens);
  for (const [id, part] of baseParts!) {
    if (kept.has(id)) continue;
    const [o, t] = [oursParts!.get(id), theirsParts!.get(id)];
    if ((o !== undefined && !same(part, o)) || (t !== undefined && !same(part, t))) return CONFLICT;
  }
  const merged: unknown[] = [];
  for (const id of kept) {
    const [o, t] = [oursParts!.get(id), theirsParts!.get(id)];
    const value = o !== undefined && t !== undefined ? mergeValue(baseParts!.get(id), o, t) : (o ?? t);
    if (value === CONFLICT) return CONFLICT;
    merged.push(value);
  }
  return merged;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
