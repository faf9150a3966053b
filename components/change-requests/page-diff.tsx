"use client";

import clsx from "clsx";
import { ChevronsUpDown } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { MarkdownView, type ContentLinks } from "@/components/content/markdown-view";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { blockDiff, foldUnchanged, lineDiff, lineStats, splitRows, wordDiff, type DiffLine, type SplitRow, type WordPart } from "./diff-model";
import { useWordHighlights } from "./word-highlights";
import "./diff.css";

export type DiffMode = "rendered" | "source" | "split";

const DIFF_MODES: { value: DiffMode; label: string }[] = [
  { value: "rendered", label: "Rendered" },
  { value: "source", label: "Source" },
  { value: "split", label: "Side by side" },
];

/** Rendered / Source / Side by side switch. */
export function DiffModeToggle({ mode, onChange }: { mode: DiffMode; onChange: (mode: DiffMode) => void }) {
  return <ToggleGroup label="Diff view" value={mode} options={DIFF_MODES} onChange={onChange} />;
}

/**
 * The markdown of one page before and after: the rendered page with changed blocks marked, or its
 * source as a line diff, in one column or side by side. Edited blocks and lines show which words
 * changed.
 */
export function PageDiff({ before, after, mode, title, links }: { before: string; after: string; mode: DiffMode; title: string; links?: ContentLinks }) {
  if (mode === "rendered") return <RenderedDiff before={before} after={after} title={title} links={links} />;
  return <SourceDiff before={before} after={after} title={title} split={mode === "split"} />;
}

const rowLook: Record<DiffLine["kind"], { className: string; marker: string; label: string }> = {
  added: { className: "bg-emerald-50 text-emerald-950", marker: "+", label: "Added line" },
  removed: { className: "bg-red-50 text-red-950", marker: "−", label: "Removed line" },
  same: { className: "text-slate-700", marker: " ", label: "Unchanged line" },
};

/** The words of each edited line, for lines that face their new text (a removed line and the added one in its place). */
function lineWords(rows: SplitRow[]): Map<DiffLine, WordPart[]> {
  const words = new Map<DiffLine, WordPart[]>();
  for (const row of rows) {
    if (row.kind !== "line" || row.left?.kind !== "removed" || row.right?.kind !== "added") continue;
    const parts = wordDiff(row.left.text, row.right.text);
    if (!parts) continue;
    words.set(row.left, parts.before);
    words.set(row.right, parts.after);
  }
  return words;
}

function SourceDiff({ before, after, title, split }: { before: string; after: string; title: string; split: boolean }) {
  const lines = useMemo(() => lineDiff(before, after), [before, after]);
  const [unfolded, setUnfolded] = useState<Set<number>>(new Set());
  const rows = useMemo(() => foldUnchanged(lines), [lines]);
  const sideBySide = useMemo(() => splitRows(rows), [rows]);
  const words = useMemo(() => lineWords(sideBySide), [sideBySide]);
  const stats = lineStats(lines);
  if (stats.added === 0 && stats.removed === 0) return <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-500">The text of this page did not change.</p>;
  const unfold = (index: number) => setUnfolded((current) => new Set(current).add(index));
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
        <span className="font-medium text-emerald-700">{stats.added} added</span>, <span className="font-medium text-red-700">{stats.removed} removed</span>
      </p>
      <div className="overflow-x-auto">
        {split ? (
          <table aria-label={`Source changes of ${title}, side by side`} className="w-full table-fixed border-collapse font-mono text-xs leading-5">
            <colgroup>
              <col className="w-10" />
              <col />
              <col className="w-10" />
              <col />
            </colgroup>
            <thead className="sr-only">
              <tr>
                <th>Old line</th>
                <th>Before</th>
                <th>New line</th>
                <th>After</th>
              </tr>
            </thead>
            <tbody>
              {sideBySide.flatMap((row, index) =>
                row.kind === "fold" && !unfolded.has(index)
                  ? [<FoldRow key={`fold-${index}`} count={row.lines.length} columns={4} onExpand={() => unfold(index)} />]
                  : (row.kind === "fold" ? row.lines.map((line) => ({ left: line, right: line })) : [row]).map((pair, at) => <SplitLineRow key={`${index}-${at}`} left={pair.left} right={pair.right} words={words} />),
              )}
            </tbody>
          </table>
        ) : (
          <table aria-label={`Source changes of ${title}`} className="w-full border-collapse font-mono text-xs leading-5">
            <tbody>
              {rows.flatMap((row, index) =>
                row.kind === "fold" && !unfolded.has(index)
                  ? [<FoldRow key={`fold-${index}`} count={row.lines.length} columns={4} onExpand={() => unfold(index)} />]
                  : (row.kind === "fold" ? row.lines : [row.line]).map((line, at) => <LineRow key={`${index}-${at}`} line={line} words={words.get(line)} />),
              )}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

/** A line's text, its changed words marked (`<ins>`/`<del>`, which assistive technology announces). */
function LineText({ line, words }: { line: DiffLine; words?: WordPart[] }) {
  const look = rowLook[line.kind];
  let text: ReactNode = line.text || "\u00a0";
  if (words) {
    text = words.map((part, index) =>
      part.kind === "same" ? part.text : part.kind === "added" ? <ins key={index} className="quire-word-added">{part.text}</ins> : <del key={index} className="quire-word-removed">{part.text}</del>,
    );
  }
  return (
    <>
      {line.kind !== "same" && <span className="sr-only">{look.label}: </span>}
      {text}
    </>
  );
}

function LineRow({ line, words }: { line: DiffLine; words?: WordPart[] }) {
  const look = rowLook[line.kind];
  return (
    <tr className={look.className} data-diff={line.kind}>
      <td className="w-10 select-none border-r border-slate-200 px-2 text-right text-slate-400">{line.oldNumber ?? ""}</td>
      <td className="w-10 select-none border-r border-slate-200 px-2 text-right text-slate-400">{line.newNumber ?? ""}</td>
      <td className="w-5 select-none pl-2 text-center" aria-hidden>
        {look.marker}
      </td>
      <td className="whitespace-pre-wrap break-all px-2">
        <LineText line={line} words={words} />
      </td>
    </tr>
  );
}

/** The old line beside the new one; a side without a line is left blank. */
function SplitLineRow({ left, right, words }: { left?: DiffLine; right?: DiffLine; words: Map<DiffLine, WordPart[]> }) {
  const cell = (line: DiffLine | undefined, number: number | undefined, side: "before" | "after") => (
    <>
      <td className={clsx("w-10 select-none border-r border-slate-200 px-2 text-right text-slate-400", line && rowLook[line.kind].className)}>{number ?? ""}</td>
      <td
        data-diff={line?.kind ?? "none"}
        data-side={side}
        className={clsx("whitespace-pre-wrap break-all px-2", side === "before" && "border-r border-slate-200", line ? rowLook[line.kind].className : "bg-slate-50")}
      >
        {line ? <LineText line={line} words={words.get(line)} /> : <span className="sr-only">No line</span>}
      </td>
    </>
  );
  return (
    <tr>
      {cell(left, left?.oldNumber, "before")}
      {cell(right, right?.newNumber, "after")}
    </tr>
  );
}

function FoldRow({ count, columns, onExpand }: { count: number; columns: number; onExpand: () => void }) {
  return (
    <tr className="bg-slate-50 text-slate-500">
      <td colSpan={columns} className="px-2 py-0.5">
        <button type="button" onClick={onExpand} className="inline-flex items-center gap-1.5 rounded px-1 text-xs hover:text-slate-800">
          <ChevronsUpDown aria-hidden className="size-3.5" />
          Show {count} unchanged lines
        </button>
      </td>
    </tr>
  );
}

function RenderedDiff({ before, after, title, links }: { before: string; after: string; title: string; links?: ContentLinks }) {
  const blocks = useMemo(() => blockDiff(before, after), [before, after]);
  if (blocks.length === 0) return <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-500">This page is empty in both versions.</p>;
  // The new version's blocks are numbered in order (`data-block-index`), for comments anchored to them.
  let afterIndex = 0;
  return (
    <div aria-label={`Rendered changes of ${title}`} role="region" className="space-y-1 rounded-md border border-slate-200 p-4 sm:p-6">
      {blocks.map((block, index) => {
        if (block.kind === "same") {
          return (
            <div key={index} data-block-index={afterIndex++}>
              <MarkdownView markdown={block.markdown} links={links} className="py-1" />
            </div>
          );
        }
        if (block.kind === "changed") return <ChangedBlock key={index} before={block.before} after={block.markdown} links={links} blockIndex={afterIndex++} />;
        return (
          <div
            key={index}
            role="group"
            aria-label={block.kind === "added" ? "Added" : "Removed"}
            data-diff={block.kind}
            data-block-index={block.kind === "added" ? afterIndex++ : undefined}
            className={clsx(
              "relative rounded-md border-l-4 py-2 pl-4 pr-2",
              block.kind === "added" ? "border-emerald-500 bg-emerald-50/70" : "border-red-400 bg-red-50/70 opacity-80 [&_.quire-markdown]:line-through [&_.quire-markdown]:decoration-red-400/60",
            )}
          >
            <span className={clsx("mb-1 block text-[11px] font-semibold uppercase tracking-wide", block.kind === "added" ? "text-emerald-700" : "text-red-700")}>
              {block.kind === "added" ? "Added" : "Removed"}
            </span>
            <MarkdownView markdown={block.markdown} links={links} />
          </div>
        );
      })}
    </div>
  );
}

/**
 * An edited block: its old version above its new one, the words each has alone highlighted in the
 * rendered text (CSS highlights over the rendered text, so the markdown renders as usual).
 */
function ChangedBlock({ before, after, links, blockIndex }: { before: string; after: string; links?: ContentLinks; blockIndex: number }) {
  const { beforeRef, afterRef } = useWordHighlights(before, after, links);
  return (
    <div role="group" aria-label="Changed" data-diff="changed" data-block-index={blockIndex} className="relative space-y-2 rounded-md border-l-4 border-amber-500 bg-amber-50/60 py-2 pl-4 pr-2">
      <span className="block text-[11px] font-semibold uppercase tracking-wide text-amber-800">Changed</span>
      <div ref={beforeRef} data-diff-side="before" className="border-b border-amber-200 pb-2 text-slate-600">
        <span className="sr-only">Before: </span>
        <MarkdownView markdown={before} links={links} />
      </div>
      <div ref={afterRef} data-diff-side="after">
        <span className="sr-only">After: </span>
        <MarkdownView markdown={after} links={links} />
      </div>
    </div>
  );
}
