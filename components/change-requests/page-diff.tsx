"use client";

import clsx from "clsx";
import { ChevronsUpDown } from "lucide-react";
import { useMemo, useState } from "react";
import { MarkdownView, type ContentLinks } from "@/components/content/markdown-view";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { blockDiff, foldUnchanged, lineDiff, lineStats, type DiffLine, type DiffRow } from "./diff-model";

export type DiffMode = "rendered" | "source";

const DIFF_MODES: { value: DiffMode; label: string }[] = [
  { value: "rendered", label: "Rendered" },
  { value: "source", label: "Source" },
];

/** Rendered / Source switch. */
export function DiffModeToggle({ mode, onChange }: { mode: DiffMode; onChange: (mode: DiffMode) => void }) {
  return <ToggleGroup label="Diff view" value={mode} options={DIFF_MODES} onChange={onChange} />;
}

/** The markdown of one page before and after, as a line diff or as the rendered page with changed blocks marked. */
export function PageDiff({ before, after, mode, title, links }: { before: string; after: string; mode: DiffMode; title: string; links?: ContentLinks }) {
  return mode === "source" ? <SourceDiff before={before} after={after} title={title} /> : <RenderedDiff before={before} after={after} title={title} links={links} />;
}

const rowLook: Record<DiffLine["kind"], { className: string; marker: string; label: string }> = {
  added: { className: "bg-emerald-50 text-emerald-950", marker: "+", label: "Added line" },
  removed: { className: "bg-red-50 text-red-950", marker: "−", label: "Removed line" },
  same: { className: "text-slate-700", marker: " ", label: "Unchanged line" },
};

function SourceDiff({ before, after, title }: { before: string; after: string; title: string }) {
  const lines = useMemo(() => lineDiff(before, after), [before, after]);
  const [unfolded, setUnfolded] = useState<Set<number>>(new Set());
  const rows = useMemo(() => foldUnchanged(lines), [lines]);
  const stats = lineStats(lines);
  if (stats.added === 0 && stats.removed === 0) return <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-500">The text of this page did not change.</p>;
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
        <span className="font-medium text-emerald-700">{stats.added} added</span>, <span className="font-medium text-red-700">{stats.removed} removed</span>
      </p>
      <div className="overflow-x-auto">
        <table aria-label={`Source changes of ${title}`} className="w-full border-collapse font-mono text-xs leading-5">
          <tbody>
            {rows.flatMap((row, index) =>
              row.kind === "fold" && !unfolded.has(index)
                ? [<FoldRow key={`fold-${index}`} row={row} onExpand={() => setUnfolded((current) => new Set(current).add(index))} />]
                : (row.kind === "fold" ? row.lines : [row.line]).map((line, at) => <LineRow key={`${index}-${at}`} line={line} />),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function LineRow({ line }: { line: DiffLine }) {
  const look = rowLook[line.kind];
  return (
    <tr className={look.className} data-diff={line.kind}>
      <td className="w-10 select-none border-r border-slate-200 px-2 text-right text-slate-400">{line.oldNumber ?? ""}</td>
      <td className="w-10 select-none border-r border-slate-200 px-2 text-right text-slate-400">{line.newNumber ?? ""}</td>
      <td className="w-5 select-none pl-2 text-center" aria-hidden>
        {look.marker}
      </td>
      <td className="whitespace-pre-wrap break-all px-2">
        {line.kind !== "same" && <span className="sr-only">{look.label}: </span>}
        {line.text || "\u00a0"}
      </td>
    </tr>
  );
}

function FoldRow({ row, onExpand }: { row: Extract<DiffRow, { kind: "fold" }>; onExpand: () => void }) {
  return (
    <tr className="bg-slate-50 text-slate-500">
      <td colSpan={4} className="px-2 py-0.5">
        <button type="button" onClick={onExpand} className="inline-flex items-center gap-1.5 rounded px-1 text-xs hover:text-slate-800">
          <ChevronsUpDown aria-hidden className="size-3.5" />
          Show {row.lines.length} unchanged lines
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
      {blocks.map((block, index) =>
        block.kind === "same" ? (
          <div key={index} data-block-index={afterIndex++}>
            <MarkdownView markdown={block.markdown} links={links} className="py-1" />
          </div>
        ) : (
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
        ),
      )}
    </div>
  );
}
