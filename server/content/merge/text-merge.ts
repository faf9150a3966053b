import { diffArrays } from "diff";

/**
 * Word-level three-way merge (diff3 over tokens): each side is diffed against the common
 * ancestor, and the changes of the two sides combine unless they touch the same tokens. Unlike a
 * line merge, changes that only abut merge: a word replaced on one side and the next word on the
 * other are two changes to a reader, and so are an insertion and an edit right after it. Two
 * insertions at one place conflict unless they are the same.
 *
 * Tokens are compared as strings: words, runs of whitespace, and single other characters (see
 * `wordTokens`); callers that carry formatting encode it into the token (see inline-merge.ts).
 */

/**
 * How far the token diff may go. Its cost is O(tokens × edits), so two long texts rewritten
 * everywhere would take minutes; past 4,000 inserted plus deleted tokens (a long block rewritten)
 * it stops, and the block conflicts. The edit bound keeps answers the same on every machine; the
 * time bound only catches inputs where even that many edits are slow.
 */
export const DIFF_BOUNDS = { maxEditLength: 4000, timeout: 1000 };

/**
 * Words (letters, digits and marks, one ideograph or kana at a time, as those scripts write no
 * spaces), runs of whitespace, and every other character alone: punctuation is a change of its own.
 */
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}_]+|\s+|[^]/gu;

export function wordTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** One side's change: base tokens `[start, end)` replaced by `tokens` (an insertion when start = end). */
type Hunk = { start: number; end: number; tokens: string[] };

/** The changes turning `base` into `side`, in base order; undefined when they are too many to find (`DIFF_BOUNDS`). */
function hunksOf(base: string[], side: string[]): Hunk[] | undefined {
  const changes = diffArrays(base, side, DIFF_BOUNDS);
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      position += change.count;
      continue;
    }
    // A removal next to an addition is one replacement.
    if (!open) hunks.push((open = { start: position, end: position, tokens: [] }));
    if (change.removed) {
      position += change.count;
      open.end = position;
    } else open.tokens.push(...change.value);
  }
  return hunks;
}

/** Base tokens `[start, end)` changed by one side or both, with each side's hunks inside it. */
type Region = { start: number; end: number; ours: Hunk[]; theirs: Hunk[] };

/**
 * Groups the hunks of both sides into regions. Sorted by start (an insertion before a replacement
 * starting at the same token), a hunk joins the current region when it overlaps it, or when both
 * are insertions at the same place. Hunks of one side never touch (the diff joins them).
 */
function regionsOf(ours: Hunk[], theirs: Hunk[]): Region[] {
  const tagged = [...ours.map((hunk) => ({ hunk, side: "ours" as const })), ...theirs.map((hunk) => ({ hunk, side: "theirs" as const }))];
  tagged.sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  const regions: Region[] = [];
  let current: Region | undefined;
  for (const { hunk, side } of tagged) {
    const insertionsAtOnePlace = current !== undefined && current.start === current.end && hunk.start === hunk.end && hunk.start === current.start;
    if (!current || !(hunk.start < current.end || insertionsAtOnePlace)) {
      regions.push((current = { start: hunk.start, end: hunk.end, ours: [], theirs: [] }));
    }
    current.end = Math.max(current.end, hunk.end);
    current[side].push(hunk);
  }
  return regions;
}

/** One side's tokens for base tokens `[start, end)`, given its hunks inside that range. */
function sideTokens(base: string[], start: number, end: number, hunks: Hunk[]): string[] {
  const out: string[] = [];
  let position = start;
  for (const hunk of hunks) {
    out.push(...base.slice(position, hunk.start), ...hunk.tokens);
    position = hunk.end;
  }
  out.push(...base.slice(position, end));
  return out;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((token, i) => token === b[i]);

export type TokenMergeResult = { ok: true; tokens: string[] } | { ok: false };

/** Merges `ours` and `theirs`, two descendants of `base`; fails where both changed the same tokens differently (or the diff is past its bounds). */
export function mergeTokens(base: string[], ours: string[], theirs: string[]): TokenMergeResult {
  if (same(ours, theirs) || same(theirs, base)) return { ok: true, tokens: ours };
  if (same(ours, base)) return { ok: true, tokens: theirs };
  const oursHunks = hunksOf(base, ours);
  const theirsHunks = oursHunks && hunksOf(base, theirs);
  if (!oursHunks || !theirsHunks) return { ok: false };
  const merged: string[] = [];
  let position = 0;
  for (const region of regionsOf(oursHunks, theirsHunks)) {
    merged.push(...base.slice(position, region.start));
    const oursPart = sideTokens(base, region.start, region.end, region.ours);
    const theirsPart = sideTokens(base, region.start, region.end, region.theirs);
    // A region one side left alone takes the other's tokens; two equal changes are one change.
    if (region.theirs.length === 0 || same(oursPart, theirsPart)) merged.push(...oursPart);
    else if (region.ours.length === 0) merged.push(...theirsPart);
    else return { ok: false };
    position = region.end;
  }
  merged.push(...base.slice(position));
  return { ok: true, tokens: merged };
}
