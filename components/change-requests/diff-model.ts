import { diffArrays, diffLines, diffWordsWithSpace } from "diff";
import type { RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { isolateTagLines } from "@/server/content/render/liquid-blocks";
import { pairTags, parseBlockTag } from "@/server/content/format/liquid-tags";

/** One row of a line diff: a line present in both versions, or only in the old or the new one. */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string; oldNumber?: number; newNumber?: number };

/** A run of unchanged lines folded away, or a line shown. */
export type DiffRow = { kind: "line"; line: DiffLine } | { kind: "fold"; lines: DiffLine[] };

function splitLines(value: string): string[] {
  const lines = value.split("\n");
  // diffLines keeps each line's newline: the last split part is then empty.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The lines of both versions with their numbers, as jsdiff pairs them. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let oldNumber = 1;
  let newNumber = 1;
  for (const part of diffLines(before, after)) {
    for (const text of splitLines(part.value)) {
      if (part.added) lines.push({ kind: "added", text, newNumber: newNumber++ });
      else if (part.removed) lines.push({ kind: "removed", text, oldNumber: oldNumber++ });
      else lines.push({ kind: "same", text, oldNumber: oldNumber++, newNumber: newNumber++ });
    }
  }
  return lines;
}

/** Folds unchanged lines further than `context` lines from any change. */
export function foldUnchanged(lines: DiffLine[], context = 3): DiffRow[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === "same") return;
    for (let at = Math.max(0, index - context); at <= Math.min(lines.length - 1, index + context); at++) near[at] = true;
  });
  const rows: DiffRow[] = [];
  let folded: DiffLine[] = [];
  const flush = () => {
    // Folding fewer than 3 lines saves nothing: they are shown.
    if (folded.length >= 3) rows.push({ kind: "fold", lines: folded });
    else rows.push(...folded.map((line) => ({ kind: "line" as const, line })));
    folded = [];
  };
  lines.forEach((line, index) => {
    if (line.kind === "same" && !near[index]) folded.push(line);
    else {
      flush();
      rows.push({ kind: "line", line });
    }
  });
  flush();
  return rows;
}

export function lineStats(lines: DiffLine[]): { added: number; removed: number } {
  return { added: lines.filter((line) => line.kind === "added").length, removed: lines.filter((line) => line.kind === "removed").length };
}

/** Tags whose pair, with what lies between, is one block of the diff. */
const BLOCK_TAGS = ["hint", "code", "tabs", "file", "details"];

/**
 * The top-level blocks of a page body as markdown source: paragraphs, headings, lists, tables,
 * code, and a GitBook hint, code, tabs, file or expandable block from its opening tag to its
 * closing one (paired in one pass, so that many unclosed tags cost linear time).
 */
export function markdownBlocks(markdown: string): string[] {
  const source = isolateTagLines(markdown);
  const tree = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const slice = (node: RootContent) => source.slice(node.position!.start.offset, node.position!.end.offset);
  const nodes = tree.children.filter((node) => node.position);
  const tags = nodes.map((node) => (node.type === "paragraph" || node.type === "html" ? parseBlockTag(slice(node)) : undefined));
  const closing = pairTags(tags, BLOCK_TAGS);
  const blocks: string[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const end = closing.get(index);
    if (end !== undefined) {
      blocks.push(source.slice(nodes[index]!.position!.start.offset, nodes[end]!.position!.end.offset));
      index = end;
      continue;
    }
    blocks.push(slice(nodes[index]!));
  }
  return blocks;
}

export type BlockChange = { kind: "same" | "added" | "removed"; markdown: string } | { kind: "changed"; before: string; markdown: string };

/**
 * The blocks of the new version interleaved with the old version's blocks it no longer has. Where
 * blocks were removed and others added in their place, they pair up in order as `changed` blocks
 * (an edited paragraph), whose words the view compares.
 */
export function blockDiff(before: string, after: string): BlockChange[] {
  const changes: BlockChange[] = [];
  let removed: string[] = [];
  for (const part of diffArrays(markdownBlocks(before), markdownBlocks(after))) {
    if (part.removed) {
      removed = part.value;
      continue;
    }
    if (part.added) {
      part.value.forEach((markdown, index) => changes.push(index < removed.length ? { kind: "changed", before: removed[index]!, markdown } : { kind: "added", markdown }));
      changes.push(...removed.slice(part.value.length).map((markdown) => ({ kind: "removed" as const, markdown })));
    } else {
      changes.push(...removed.map((markdown) => ({ kind: "removed" as const, markdown })));
      changes.push(...part.value.map((markdown) => ({ kind: "same" as const, markdown })));
    }
    removed = [];
  }
  changes.push(...removed.map((markdown) => ({ kind: "removed" as const, markdown })));
  return changes;
}

/** A run of text in a word diff: in both versions, or only in the new or the old one. */
export type WordPart = { kind: "same" | "added" | "removed"; text: string };

/** Longest text compared word by word: the word diff's time grows with the square of the edits. */
export const MAX_WORD_DIFF = 10_000;

/**
 * The words two versions of a text share and those each has alone, as each version's runs; null
 * when a word diff would not help (a text past `MAX_WORD_DIFF`, or versions sharing less than a
 * third of their text: a rewrite, better read whole).
 */
export function wordDiff(before: string, after: string): { before: WordPart[]; after: WordPart[] } | null {
  if (before.length > MAX_WORD_DIFF || after.length > MAX_WORD_DIFF) return null;
  const parts = diffWordsWithSpace(before, after);
  const shared = parts.filter((part) => !part.added && !part.removed && part.value.trim() !== "").reduce((sum, part) => sum + part.value.length, 0);
  if (shared * 3 < Math.max(before.length, after.length)) return null;
  const result: { before: WordPart[]; after: WordPart[] } = { before: [], after: [] };
  for (const part of parts) {
    if (!part.added) result.before.push({ kind: part.removed ? "removed" : "same", text: part.value });
    if (!part.removed) result.after.push({ kind: part.added ? "added" : "same", text: part.value });
  }
  return result;
}

/** One row of a side-by-side diff: the old line on the left, the new one on the right (either may be absent). */
export type SplitRow = { kind: "line"; left?: DiffLine; right?: DiffLine } | { kind: "fold"; lines: DiffLine[] };

/**
 * A line diff's rows side by side: unchanged lines face themselves; in each run of changes, the
 * removed lines face the added ones in order (an edited line beside its new text), the rest face
 * nothing.
 */
export function splitRows(rows: DiffRow[]): SplitRow[] {
  const result: SplitRow[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    for (let index = 0; index < Math.max(removed.length, added.length); index++) result.push({ kind: "line", left: removed[index], right: added[index] });
    removed = [];
    added = [];
  };
  for (const row of rows) {
    if (row.kind === "line" && row.line.kind === "removed") {
      // A removal after additions starts a new run.
      if (added.length > 0) flush();
      removed.push(row.line);
    } else if (row.kind === "line" && row.line.kind === "added") added.push(row.line);
    else {
      flush();
      result.push(row.kind === "fold" ? row : { kind: "line", left: row.line, right: row.line });
    }
  }
  flush();
  return result;
}
