"use client";

import clsx from "clsx";
import { Undo2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { ConflictResolutionPage } from "@/server/content/merge/conflicts";
import { splitLines } from "@/server/content/merge/text-merge";
import { assembledText, linesOf, type Take, type TextChoice } from "./conflict-choices";

/**
 * Resolving a page body's conflicts: each conflicting hunk in the three versions, with a side
 * to take (or both), the whole versions with the hunks marked, and the result, which can be
 * edited by hand.
 */

const VERSIONS = [
  { key: "base", label: "Before both changes" },
  { key: "main", label: "In the space (main)" },
  { key: "changeRequest", label: "In this change request" },
] as const;

const TAKES: { take: Take; label: string }[] = [
  { take: "main", label: "Take main's" },
  { take: "changeRequest", label: "Take this change request's" },
  { take: "both", label: "Take both" },
];

const lineRange = ([start, end]: [number, number]) =>
  end === start ? `no lines (before line ${start + 1})` : end === start + 1 ? `line ${start + 1}` : `lines ${start + 1}–${end}`;

export function TextResolver({ page, choice, onChange }: { page: ConflictResolutionPage; choice: TextChoice; onChange: (choice: TextChoice) => void }) {
  const resultId = useId();
  const edited = choice.edited !== null;
  const result = assembledText(page, choice);
  return (
    <div className="space-y-4">
      {page.hunks.map((hunk, index) => (
        <fieldset key={index} disabled={edited} className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-white p-3 disabled:opacity-60">
          <legend className="px-1 text-sm font-medium text-slate-900">
            Text conflict {index + 1} of {page.hunks.length}
            <span className="ml-2 font-normal text-slate-600">{choice.hunks[index] ? "Resolved" : "Not resolved"}</span>
          </legend>
          <div className="grid gap-2 md:grid-cols-3">
            {VERSIONS.map(({ key, label }) => {
              const range = hunk[key];
              const text = linesOf(page[key].markdown, range);
              const caption = `${label}, ${lineRange(range)}`;
              return (
                <figure key={key} className="min-w-0">
                  <figcaption className="text-xs font-medium text-slate-600">{caption}</figcaption>
                  {/* Focusable, so that a keyboard can scroll a long line into view. */}
                  <pre
                    tabIndex={0}
                    aria-label={caption}
                    className={clsx(
                      // Wrapped: three columns side by side leave little width for long lines.
                      "mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded border p-2 font-mono text-xs text-slate-800",
                      key === "base" ? "border-slate-200 bg-slate-50" : "border-amber-300 bg-amber-50",
                    )}
                  >
                    {text === "" ? <span className="italic text-slate-600">(nothing)</span> : text}
                  </pre>
                </figure>
              );
            })}
          </div>
          <div role="radiogroup" aria-label={`Text conflict ${index + 1}: which to keep`} className="flex flex-wrap gap-2">
            {TAKES.map(({ take, label }) => (
              <label
                key={take}
                className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
              >
                <input
                  type="radio"
                  name={`${page.id}-hunk-${index}`}
                  className="accent-indigo-600"
                  checked={choice.hunks[index] === take}
                  onChange={() => onChange({ ...choice, hunks: choice.hunks.map((current, at) => (at === index ? take : current)) })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}

      <details className="rounded-md border border-slate-200 bg-white">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Compare the whole page in the three versions</summary>
        <div className="grid gap-3 border-t border-slate-200 p-3 lg:grid-cols-3">
          {VERSIONS.map(({ key, label }) => (
            <WholeVersion key={key} label={label} text={page[key].markdown} marked={page.hunks.map((hunk) => hunk[key])} />
          ))}
        </div>
      </details>

      <div className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={resultId} className="text-sm font-medium text-slate-900">
            Resulting text {edited && <span className="font-normal text-slate-600">(edited by hand)</span>}
          </label>
          {edited && (
            <Button variant="ghost" onClick={() => onChange({ ...choice, edited: null })}>
              <Undo2 aria-hidden className="size-4" />
              Discard my edits
            </Button>
          )}
        </div>
        <p id={`${resultId}-help`} className="text-xs text-slate-600">
          {edited
            ? "The choices above no longer apply: this text is what the page will say. Remove any conflict markers (<<<<<<<, =======, >>>>>>>) left in it."
            : "Choose a side for each conflict above, or edit the result here: a conflict not chosen yet shows both sides between conflict markers."}
        </p>
        <textarea
          id={resultId}
          aria-describedby={`${resultId}-help`}
          value={result}
          onChange={(event) => onChange({ ...choice, edited: event.target.value })}
          rows={Math.min(20, Math.max(6, result.split("\n").length + 1))}
          spellCheck={false}
          className="block w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-xs text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
      </div>
    </div>
  );
}

/** A whole version of the body, with line numbers and its conflicting lines marked. */
function WholeVersion({ label, text, marked }: { label: string; text: string; marked: [number, number][] }) {
  const lines = splitLines(text);
  const isMarked = (line: number) => marked.some(([start, end]) => line >= start && line < end);
  return (
    <figure className="min-w-0">
      <figcaption className="text-xs font-medium text-slate-600">{label}</figcaption>
      <pre tabIndex={0} aria-label={`${label}, whole page`} className="mt-1 max-h-96 overflow-auto rounded border border-slate-200 bg-slate-50 py-2 font-mono text-xs text-slate-800">
        {lines.map((line, index) =>
          isMarked(index) ? (
            <mark key={index} className="block bg-amber-100 px-2 text-slate-900">
              <span className="mr-3 inline-block w-8 select-none text-right text-slate-600">{index + 1}</span>
              {line}
            </mark>
          ) : (
            <span key={index} className="block px-2">
              <span className="mr-3 inline-block w-8 select-none text-right text-slate-600">{index + 1}</span>
              {line}
            </span>
          ),
        )}
      </pre>
    </figure>
  );
}
