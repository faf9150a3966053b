"use client";

import { Check, GitPullRequestArrow, TriangleAlert, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { emojiCharacters } from "@/components/space/emoji";
import { Button } from "@/components/ui/button";
import type { ConflictPageVersion, ConflictResolutionPage, ConflictSide, MergeConflicts, PageConflicts, ValueField } from "@/server/content/merge/conflicts";
import type { MergeResolutionsInput } from "@/server/change-requests/schemas-resolutions";
import { conflictsLeft, initialChoices, pageConflictsLeft, resolutionsOf, WRITABLE_FIELDS, type Choices, type FieldChoice, type PageChoices } from "./conflict-choices";
import { BodyResolver, type ConflictLinks } from "./conflict-blocks";
import { valueRows, isValueConflict } from "./conflict-view";

/**
 * Resolving the conflicts of a merge or an update from main: for each conflicting page its
 * body's conflicting blocks and its fields, each settled by taking a side, both, or writing the
 * result; "Resolve and update" then updates the change request from main with those resolutions.
 */
export function ConflictResolver({
  links,
  conflicts,
  saving,
  error,
  onResolve,
  onCancel,
}: {
  /** Where each side's blocks link and show files from. */
  links: ConflictLinks;
  /** Resolvable conflicts (`isResolvable`). */
  conflicts: MergeConflicts;
  saving: boolean;
  /** Why the last attempt failed, for people. */
  error: string | null;
  onResolve: (resolutions: MergeResolutionsInput) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState<Choices>(() => initialChoices(conflicts));
  const heading = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  const left = conflictsLeft(choices);
  const setPage = (id: string, page: PageChoices) => setChoices((current) => ({ ...current, pages: { ...current.pages, [id]: page } }));
  const resolution = conflicts.resolution!;

  return (
    <section aria-labelledby="resolve-title" className="space-y-4 rounded-lg border border-amber-300 bg-amber-50/60 p-3 sm:p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="resolve-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            Resolve the conflicts with the space&apos;s content
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            These were changed both here and in the space since this change request started. For each one, take the space&apos;s version, this change
            request&apos;s, both, or write the result; highlighted words are those the two versions do not share. Resolving updates this change request
            from main; then it can be merged.
          </p>
        </div>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
      </div>

      {/* Nothing can be changed while the resolution is being written. */}
      <div inert={saving} className="space-y-4">
        {conflicts.pages.map((page) => (
          <PageResolver
            key={page.id}
            page={page}
            data={resolution.pages.find((entry) => entry.id === page.id)!}
            choices={choices.pages[page.id]!}
            links={links}
            onChange={(next) => setPage(page.id, next)}
          />
        ))}

        {conflicts.variables.length > 0 && (
          <Card title="Space variables" left={Object.values(choices.variables).filter((side) => side === null).length}>
            {resolution.variables.map((variable) => (
              <SideChoice
                key={variable.name}
                legend={`Variable ${variable.name}`}
                name={`space-variable-${variable.name}`}
                main={shownValue(variable.main)}
                changeRequest={shownValue(variable.changeRequest)}
                value={choices.variables[variable.name] ?? null}
                onChange={(side) => setChoices((current) => ({ ...current, variables: { ...current.variables, [variable.name]: side } }))}
              />
            ))}
          </Card>
        )}

        {conflicts.files.length > 0 && (
          <Card title="Files" left={Object.values(choices.files).filter((side) => side === null).length}>
            {conflicts.files.map((file) => (
              <SideChoice
                key={file.id}
                legend={`File ${file.name}`}
                name={`file-${file.id}`}
                main="The space's version"
                changeRequest="This change request's version"
                value={choices.files[file.id] ?? null}
                onChange={(side) => setChoices((current) => ({ ...current, files: { ...current.files, [file.id]: side } }))}
              />
            ))}
          </Card>
        )}
      </div>

      {error && (
        <div ref={errorRef} tabIndex={-1} role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
          <p>{error}</p>
        </div>
      )}

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-amber-200 pt-3">
        <p role="status" className="text-sm text-slate-700">
          {saving ? "Saving the resolved content…" : left === 0 ? "All conflicts are resolved." : `${left} ${left === 1 ? "conflict" : "conflicts"} left to resolve.`}
        </p>
        <Button loading={saving} disabled={left > 0} onClick={() => onResolve(resolutionsOf(conflicts, choices))}>
          <GitPullRequestArrow aria-hidden className="size-4" />
          Resolve and update
        </Button>
      </div>
    </section>
  );
}

function Card({ title, left, children }: { title: ReactNode; left: number; children: ReactNode }) {
  return (
    <div className="space-y-3 rounded-md bg-white p-3 ring-1 ring-inset ring-amber-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-slate-900">{title}</h3>
        <span className="inline-flex items-center gap-1 text-sm text-slate-700">
          {left === 0 && <Check aria-hidden className="size-4 text-emerald-600" />}
          {left === 0 ? "Resolved" : `${left} left`}
        </span>
      </div>
      {children}
    </div>
  );
}

function PageResolver({
  page,
  data,
  choices,
  links,
  onChange,
}: {
  page: PageConflicts;
  data: ConflictResolutionPage;
  choices: PageChoices;
  links: ConflictLinks;
  onChange: (choices: PageChoices) => void;
}) {
  const setField = (field: ValueField | "place", choice: FieldChoice) => onChange({ ...choices, fields: { ...choices.fields, [field]: choice } });
  const values = page.conflicts.filter(isValueConflict);
  return (
    <Card
      title={
        <>
          {page.title || "Untitled page"} <span className="ml-1 text-sm font-normal text-slate-600">{page.path}</span>
        </>
      }
      left={pageConflictsLeft(choices)}
    >
      {choices.text && <BodyResolver page={data} choice={choices.text} links={links} onChange={(text) => onChange({ ...choices, text })} />}
      {values.map((conflict) => {
        // A layout conflict is a row per option that differs.
        const rows = valueRows(conflict);
        const shown = (value: string) => (conflict.kind === "emoji" ? emojiCharacters(value) : value);
        const describe = (side: "before" | "after") => (rows.length === 1 ? shown(rows[0]![side]) : rows.map((row) => `${row.label}: ${row[side]}`).join("; "));
        const choice = choices.fields[conflict.kind] ?? null;
        const writable = WRITABLE_FIELDS.find((field) => field === conflict.kind);
        return (
          <SideChoice
            key={conflict.kind}
            legend={rows.length === 1 ? rows[0]!.label : "Layout"}
            name={`${page.id}-${conflict.kind}`}
            main={describe("before")}
            changeRequest={describe("after")}
            value={sideOf(choice)}
            onChange={(side) => setField(conflict.kind, { side })}
            written={
              writable && {
                text: choice && "written" in choice ? choice.written : null,
                initial: data.changeRequest[writable] ?? "",
                onWrite: (text) => setField(writable, { written: text }),
              }
            }
          />
        );
      })}
      {"place" in choices.fields && (
        <SideChoice
          legend="Place in the page tree"
          name={`${page.id}-place`}
          main={placeOf(data.main)}
          changeRequest={placeOf(data.changeRequest)}
          value={sideOf(choices.fields.place ?? null)}
          onChange={(side) => setField("place", { side })}
        />
      )}
      {Object.keys(choices.variables).map((name) => (
        <SideChoice
          key={name}
          legend={`Page variable ${name}`}
          name={`${page.id}-variable-${name}`}
          main={shownValue(data.main.variables[name])}
          changeRequest={shownValue(data.changeRequest.variables[name])}
          value={choices.variables[name] ?? null}
          onChange={(side) => onChange({ ...choices, variables: { ...choices.variables, [name]: side } })}
        />
      ))}
    </Card>
  );
}

const shownValue = (value: string | number | boolean | undefined) => (value === undefined ? "Not set" : typeof value === "string" ? value : JSON.stringify(value));
const placeOf = (version: ConflictPageVersion) => (version.parent ? `Under “${version.parent.title || "Untitled page"}” (${version.parent.path})` : "At the top level");
const sideOf = (choice: FieldChoice): ConflictSide | null => (choice && "side" in choice ? choice.side : null);

/** One field's choice: main's value, this change request's, or (`written`) a value written by hand. */
function SideChoice({
  legend,
  name,
  main,
  changeRequest,
  value,
  onChange,
  written,
}: {
  legend: string;
  name: string;
  main: string;
  changeRequest: string;
  value: ConflictSide | null;
  onChange: (side: ConflictSide) => void;
  /** For a field that may be written by hand: the text written (null while a side is taken), and what writing starts from. */
  written?: { text: string | null; initial: string; onWrite: (text: string) => void };
}) {
  const inputId = useId();
  const side = value;
  const writing = written ? written.text : null;
  const option = (checked: boolean, onSelect: () => void, label: ReactNode, key: string) => (
    <label
      key={key}
      className="flex min-w-0 cursor-pointer items-start gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
    >
      <input type="radio" name={name} className="mt-1 accent-indigo-600" checked={checked} onChange={onSelect} />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid gap-2 md:grid-cols-2">
        {option(side === "main", () => onChange("main"), <><span className="block text-xs text-slate-600">Take main&apos;s</span>{main}</>, "main")}
        {option(side === "changeRequest", () => onChange("changeRequest"), <><span className="block text-xs text-slate-600">Take this change request&apos;s</span>{changeRequest}</>, "changeRequest")}
      </div>
      {written && (
        <div className="flex flex-wrap items-center gap-2">
          {option(writing !== null, () => written.onWrite(writing ?? written.initial), "Write it:", "written")}
          <label htmlFor={inputId} className="sr-only">
            {legend}, written
          </label>
          <input
            id={inputId}
            value={writing ?? ""}
            placeholder={written.initial}
            onChange={(event) => written.onWrite(event.target.value)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
      )}
    </fieldset>
  );
}
