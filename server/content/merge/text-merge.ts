import { diffArrays } from "diff";

/**
 * Line-level three-way merge (diff3, as Git does it): each side is diffed against the common
 * ancestor; changes of the two sides that touch or abut the same base lines form one region,
 * which conflicts unless one side left it alone or both made the identical change. Only changes
 * with at least one unchanged line between them merge cleanly: two edits to neighbouring lines
 * of a table, a list or a code fence are one change to the reader, and combining them silently
 * gives results neither side wrote.
 */

/** Lines of one conflicting region in each side's text and in base: 0-based, `[start, end)` (empty when the side deleted it). */
export type TextConflict = { baseLines: [number, number]; oursLines: [number, number]; theirsLines: [number, number] };

/** A merged text as the parts that merged cleanly and, between them, the conflicts (by index in `conflicts`). */
export type MergedSegment = { text: string } | { conflict: number };

/**
 * `tooDifferent`: a side differs from base by more than the line diff is allowed to work on
 * (see `DIFF_BOUNDS`), so the whole text is one conflict rather than a stall.
 */
export type TextMergeResult = { ok: true; text: string } | { ok: false; conflicts: TextConflict[]; tooDifferent?: true };

/**
 * How far the line diff may go. Its cost is O(lines × edits), so two large texts that differ
 * everywhere would take minutes; past 2,000 inserted plus deleted lines (about 1,000 lines
 * rewritten) it stops and the merge reports a conflict. The edit bound keeps answers the same on
 * every machine; the time bound only catches inputs where even that many edits are slow (very
 * many lines sharing long equal runs), a few hundred milliseconds at most on a 1 MB page.
 */
export const DIFF_BOUNDS = { maxEditLength: 2000, timeout: 1000 };

/** One side's change: base lines `[start, end)` replaced by `lines` (an insertion when start = end). */
type Hunk = { start: number; end: number; lines: string[] };

/** Base lines `[start, end)` changed by one side or both, with each side's hunks inside it. */
type Region = { start: number; end: number; ours: Hunk[]; theirs: Hunk[] };

/**
 * Lines keep their "\n", so joining them gives the text back exactly and a missing newline at
 * the end of the text is a change of the last line like any other.
 */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

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
 * Groups the hunks of both sides into regions. Sorted by start, a hunk joins the current region
 * when it starts at or before the region's end: it overlaps it, abuts it, or inserts at its edge.
 * Hunks of one side never abut (the diff joins them), so a region spans several hunks only
 * through the other side's.
 */
function regionsOf(ours: Hunk[], theirs: Hunk[]): Region[] {
  const tagged = [...ours.map((hunk) => ({ hunk, side: "ours" as const })), ...theirs.map((hunk) => ({ hunk, side: "theirs" as const }))];
  tagged.sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - b.hunk.end);
  const regions: Region[] = [];
  let current: Region | undefined;
  for (const { hunk, side } of tagged) {
    if (!current || hunk.start > current.end) {
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

/** Merges `ours` and `theirs`, two descendants of `base`; conflicts where both changed the same or neighbouring lines differently. */
export function mergeText(base: string, ours: string, theirs: string): TextMergeResult {
  if (ours === theirs || theirs === base) return { ok: true, text: ours };
  if (ours === base) return { ok: true, text: theirs };
  const baseLines = splitLines(base);
  const oursLines = splitLines(ours);
  const theirsLines = splitLines(theirs);
  const oursHunks = hunksOf(baseLines, oursLines);
  const theirsHunks = oursHunks && hunksOf(baseLines, theirsLines);
  if (!oursHunks || !theirsHunks) {
    return { ok: false, conflicts: [{ baseLines: [0, baseLines.length], oursLines: [0, oursLines.length], theirsLines: [0, theirsLines.length] }], tooDifferent: true };
  }
  const { segments, conflicts } = mergeLines(baseLines, oursHunks, theirsHunks);
  if (conflicts.length > 0) return { ok: false, conflicts };
  return { ok: true, text: segments.map((segment) => ("text" in segment ? segment.text : "")).join("") };
}

/**
 * The merge of `mergeText` as segments: clean text with the conflicts between, so that a person
 * resolving them can put the text back together (one side per conflict, or both). Null when the
 * sides are too different to be compared line by line (the whole text is then one conflict).
 */
export function mergeTextSegments(base: string, ours: string, theirs: string): MergedSegment[] | null {
  const baseLines = splitLines(base);
  const oursHunks = hunksOf(baseLines, splitLines(ours));
  const theirsHunks = oursHunks && hunksOf(baseLines, splitLines(theirs));
  if (!oursHunks || !theirsHunks) return null;
  return mergeLines(baseLines, oursHunks, theirsHunks).segments;
}

function mergeLines(baseLines: string[], oursHunks: Hunk[], theirsHunks: Hunk[]): { segments: MergedSegment[]; conflicts: TextConflict[] } {
  const segments: MergedSegment[] = [];
  const merged: string[] = [];
  const flush = () => {
    if (merged.length > 0) segments.push({ text: merged.splice(0).join("") });
  };
  const conflicts: TextConflict[] = [];
  let position = 0;
  // Where base line `position` sits in each side's text.
  let oursShift = 0;
  let theirsShift = 0;
  for (const region of regionsOf(oursHunks, theirsHunks)) {
    merged.push(...baseLines.slice(position, region.start));
    const oursText = sideText(baseLines, region.start, region.end, region.ours);
    const theirsText = sideText(baseLines, region.start, region.end, region.theirs);
    // A region one side left alone takes the other's text; two equal edits are one edit.
    if (region.theirs.length === 0 || sameLines(oursText, theirsText)) merged.push(...oursText);
    else if (region.ours.length === 0) merged.push(...theirsText);
    else {
      const oursStart = region.start + oursShift;
      const theirsStart = region.start + theirsShift;
      flush();
      segments.push({ conflict: conflicts.length });
      conflicts.push({
        baseLines: [region.start, region.end],
        oursLines: [oursStart, oursStart + oursText.length],
        theirsLines: [theirsStart, theirsStart + theirsText.length],
      });
    }
    oursShift += growth(region.ours);
    theirsShift += growth(region.theirs);
    position = region.end;
  }
  merged.push(...baseLines.slice(position));
  flush();
  return { segments, conflicts };
}
