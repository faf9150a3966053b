import { diffArrays } from "diff";

/**
 * Line-level three-way merge (diff3): each side is diffed against the common ancestor, and
 * the changes of both sides are applied together where they touch different base lines.
 */

/** Lines of one conflicting region in each side's text: 0-based, `[start, end)` (empty when the side deleted it). */
export type TextConflict = { oursLines: [number, number]; theirsLines: [number, number] };

export type TextMergeResult = { ok: true; text: string } | { ok: false; conflicts: TextConflict[] };

/** One side's change: base lines `[start, end)` replaced by `lines` (an insertion when start = end). */
type Hunk = { start: number; end: number; lines: string[] };

/** Base lines `[start, end)` changed by one side or both, with each side's hunks inside it. */
type Region = { start: number; end: number; ours: Hunk[]; theirs: Hunk[] };

/**
 * Lines keep their "\n", so joining them gives the text back exactly and a missing newline at
 * the end of the text is a change of the last line like any other.
 */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The changes turning `base` into `side`, in base order. */
function hunksOf(base: string[], side: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | undefined;
  for (const change of diffArrays(base, side)) {
    if (!change.added && !change.removed) {
      open = undefined;
      position += change.count;
      continue;
    }
    // A removal followed by an addition is one replacement.
    if (!open) hunks.push((open = { start: position, end: position, lines: [] }));
    if (change.removed) {
      position += change.count;
      open.end = position;
    } else open.lines.push(...change.value);
  }
  return hunks;
}

/**
 * Whether two changes cannot both apply: their base ranges share a line, an insertion falls
 * strictly inside the other range, or both insert at the same place (the order would be a guess).
 * Changes to adjacent lines do not overlap.
 */
function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  return a.start === a.end && b.start === b.end && a.start === b.start;
}

/** Groups the hunks of both sides into regions, chaining hunks that overlap one another. */
function regionsOf(ours: Hunk[], theirs: Hunk[]): Region[] {
  const tagged = [...ours.map((hunk) => ({ hunk, side: "ours" as const })), ...theirs.map((hunk) => ({ hunk, side: "theirs" as const }))];
  tagged.sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  const regions: Region[] = [];
  let current: Region | undefined;
  for (const { hunk, side } of tagged) {
    if (!current || !overlaps(current, hunk)) {
      regions.push((current = { start: hunk.start, end: hunk.end, ours: [], theirs: [] }));
    }
    current.end = Math.max(current.end, hunk.end);
    current[side].push(hunk);
  }
  return regions;
}

/** One side's text for base lines `[start, end)`, given its hunks inside that range. */
function sideText(base: string[], start: number, end: number, hunks: Hunk[]): string[] {
  const out: string[] = [];
  let position = start;
  for (const hunk of hunks) {
    out.push(...base.slice(position, hunk.start), ...hunk.lines);
    position = hunk.end;
  }
  out.push(...base.slice(position, end));
  return out;
}

/** Lines a side adds minus lines it removes. */
const growth = (hunks: Hunk[]) => hunks.reduce((sum, hunk) => sum + hunk.lines.length - (hunk.end - hunk.start), 0);

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

/** Merges `ours` and `theirs`, two descendants of `base`; conflicts where both changed the same lines differently. */
export function mergeText(base: string, ours: string, theirs: string): TextMergeResult {
  if (ours === theirs || theirs === base) return { ok: true, text: ours };
  if (ours === base) return { ok: true, text: theirs };
  const baseLines = splitLines(base);
  const regions = regionsOf(hunksOf(baseLines, splitLines(ours)), hunksOf(baseLines, splitLines(theirs)));
  const merged: string[] = [];
  const conflicts: TextConflict[] = [];
  let position = 0;
  // Where base line `position` sits in each side's text.
  let oursShift = 0;
  let theirsShift = 0;
  for (const region of regions) {
    merged.push(...baseLines.slice(position, region.start));
    const oursText = sideText(baseLines, region.start, region.end, region.ours);
    const theirsText = sideText(baseLines, region.start, region.end, region.theirs);
    // A region one side left alone takes the other's text; two equal edits are one edit.
    if (region.theirs.length === 0 || sameLines(oursText, theirsText)) merged.push(...oursText);
    else if (region.ours.length === 0) merged.push(...theirsText);
    else {
      const oursStart = region.start + oursShift;
      const theirsStart = region.start + theirsShift;
      conflicts.push({ oursLines: [oursStart, oursStart + oursText.length], theirsLines: [theirsStart, theirsStart + theirsText.length] });
    }
    oursShift += growth(region.ours);
    theirsShift += growth(region.theirs);
    position = region.end;
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  merged.push(...baseLines.slice(position));
  return { ok: true, text: merged.join("") };
}
