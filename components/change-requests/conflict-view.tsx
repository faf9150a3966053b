"use client";

import { GitCompareArrows, GitPullRequestArrow, PencilLine, TriangleAlert, X } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { emojiCharacters } from "@/components/space/emoji";
import { Button } from "@/components/ui/button";
import {
  CONFLICT_FIELD_NAMES,
  type ConflictSide,
  type FileConflict,
  type MergeConflicts,
  type PageConflictDetail,
  type PageConflicts,
  type ValueField,
  VALUE_FIELDS,
} from "@/server/content/merge/conflicts";
import { attributeRows, type AttributeRow } from "./change-entries";
import { BlockSides, blockConflictSentence, sideName, type ConflictLinks } from "./conflict-blocks";

const otherSide = (side: ConflictSide): ConflictSide => (side === "main" ? "changeRequest" : "main");

/** `variable a was` / `variables a, b were`. */
const variablesNamed = (names: string[]) => (names.length === 1 ? `variable ${names[0]} was` : `variables ${names.join(", ")} were`);
const namedFields = (fields: string[]) => [...new Set(fields.map((field) => CONFLICT_FIELD_NAMES[field] ?? field))].join(", ");

/** What stopped a merge or an update: the conflicting pages, files and variables, and the ways forward. */
export function ConflictView({
  links,
  action,
  conflicts,
  message,
  editHref,
  canEdit,
  updating,
  onUpdateFromMain,
  onResolve,
  onDismiss,
}: {
  /** Where each side's blocks link and show files from. */
  links: ConflictLinks;
  action: "merge" | "update";
  /** The conflicts as data; null shows `message` alone. */
  conflicts: MergeConflicts | null;
  message: string;
  editHref: string;
  canEdit: boolean;
  updating: boolean;
  onUpdateFromMain: () => void;
  /** Opens the conflict resolution; absent when the conflicts cannot be resolved by choosing between versions, or the user may not update. */
  onResolve?: () => void;
  onDismiss: () => void;
}) {
  return (
    <section role="alert" aria-labelledby="conflict-title" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id="conflict-title" className="font-semibold text-red-900">
              {action === "merge" ? "This change request cannot be merged: it conflicts with the space's content" : "Updating from main conflicts with this change request"}
            </h2>
            <p className="mt-1 text-sm text-red-800">
              What is listed below was changed both here and in the space since this change request started. Nothing was changed.{" "}
              {onResolve
                ? "Resolve the conflicts by choosing between the versions, or edit the change request so that the two versions agree."
                : "Edit the change request so that the two versions agree, then try again."}
            </p>
          </div>
          {conflicts ? <ConflictList conflicts={conflicts} links={links} /> : <p className="rounded-md bg-white/70 px-3 py-2 text-sm text-slate-800 ring-1 ring-inset ring-red-200">{message}</p>}
          <div className="flex flex-wrap gap-2">
            {onResolve && (
              <Button id="resolve-conflicts" onClick={onResolve}>
                <GitCompareArrows aria-hidden className="size-4" />
                Resolve the conflicts
              </Button>
            )}
            {canEdit && (
              <IntentLink
                href={editHref}
                className={
                  onResolve
                    ? "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                    : "inline-flex items-center gap-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500"
                }
              >
                <PencilLine aria-hidden className="size-4" />
                Edit the pages
              </IntentLink>
            )}
            {action === "merge" && canEdit && (
              <Button variant="secondary" loading={updating} onClick={onUpdateFromMain}>
                <GitPullRequestArrow aria-hidden className="size-4" />
                Update from main
              </Button>
            )}
            <Button variant="ghost" onClick={onDismiss}>
              <X aria-hidden className="size-4" />
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function ConflictList({ conflicts, links }: { conflicts: MergeConflicts; links: ConflictLinks }) {
  return (
    <ul aria-label="Conflicts" className="space-y-2 text-sm">
      {conflicts.pages.map((page) => (
        <PageItem key={page.id} page={page} links={links} />
      ))}
      {conflicts.files.map((file) => (
        <FileItem key={file.id} file={file} />
      ))}
      {conflicts.variables.length > 0 && (
        <li className={itemClass}>
          <p>
            <span className="font-medium text-slate-900">Space {variablesNamed(conflicts.variables)}</span>{" "}
            <span className="text-red-700">set differently here and in the space.</span>
          </p>
        </li>
      )}
    </ul>
  );
}

const itemClass = "rounded-md bg-white/70 px-3 py-2 ring-1 ring-inset ring-red-200";

function PageItem({ page, links }: { page: PageConflicts; links: ConflictLinks }) {
  const values = page.conflicts.filter(isValueConflict);
  const others = page.conflicts.filter((conflict) => !isValueConflict(conflict));
  return (
    <li className={itemClass}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 className="font-medium text-slate-900">{page.title || "Untitled page"}</h3>
        <span className="text-slate-500">{page.path}</span>
      </div>
      {page.fields.length > 0 && <p className="text-red-800">In conflict: {namedFields(page.fields)}</p>}
      {values.length > 0 && <ValueTable conflicts={values} />}
      {others.length > 0 && (
        <ul className="mt-1 space-y-2">
          {others.map((conflict, index) => (
            <li key={index}>
              <PageConflictText conflict={conflict} links={links} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

type ValueConflict = Extract<PageConflictDetail, { kind: ValueField }>;
export const isValueConflict = (conflict: PageConflictDetail): conflict is ValueConflict => (VALUE_FIELDS as readonly string[]).includes(conflict.kind);

/** A field's two values, worded as the review screen words a change (main as "before"). */
export function valueRows(conflict: ValueConflict): AttributeRow[] {
  switch (conflict.kind) {
    case "hidden":
    case "noIndex":
    case "noRobotsIndex":
    case "layout":
      return attributeRows({ [conflict.kind]: { before: conflict.main, after: conflict.changeRequest } });
    case "cover":
      return attributeRows({ cover: { before: conflict.main ?? undefined, after: conflict.changeRequest ?? undefined } });
    case "condition":
      // Not among the reference's page attributes: worded here.
      return [{ key: "condition", label: "Visibility condition", before: conflict.main ?? "(none)", after: conflict.changeRequest ?? "(none)" }];
    default:
      return attributeRows({ [conflict.kind]: { before: conflict.main ?? undefined, after: conflict.changeRequest ?? undefined } });
  }
}

/** The fields both sides set differently, with each side's value. */
function ValueTable({ conflicts }: { conflicts: ValueConflict[] }) {
  const rows = conflicts.flatMap(valueRows);
  const shown = (row: AttributeRow, value: string) => (row.key === "emoji" ? emojiCharacters(value) : value);
  return (
    <table className="mt-1 w-full text-left text-sm">
      <caption className="sr-only">Fields set differently</caption>
      <thead className="text-xs text-slate-600">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            In the space
          </th>
          <th scope="col" className="py-1 font-medium">
            In this change request
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-red-100">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="py-1 pr-3 font-medium text-slate-700">
              {row.label}
            </th>
            <td className="break-all py-1 pr-3 text-slate-900">{shown(row, row.before)}</td>
            <td className="break-all py-1 text-slate-900">{shown(row, row.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PageConflictText({ conflict, links }: { conflict: Exclude<PageConflictDetail, ValueConflict>; links: ConflictLinks }) {
  const said = (text: string) => <span className="text-red-700">{text}</span>;
  switch (conflict.kind) {
    case "content":
      return <ContentConflict conflict={conflict} links={links} />;
    case "move":
      return said("It was moved to different places here and in the space.");
    case "variables":
      return said(`Its ${variablesNamed(conflict.names)} set differently here and in the space.`);
    case "delete-edit":
      return said(`It was deleted ${sideName[conflict.deletedIn]} and edited ${sideName[otherSide(conflict.deletedIn)]}.`);
    case "add-add":
      return said("It was added both here and in the space, differently.");
    case "parent-deleted":
      return said(`It was put under “${conflict.parent.title}”, which was deleted ${sideName[conflict.deletedIn]}.`);
    case "cycle":
      return said("The moves made here and in the space together would put it inside itself.");
    case "duplicate-slug":
      return said(`Its slug “${conflict.slug}” would be the same as that of “${conflict.other.title}” beside it.`);
  }
}

function ContentConflict({ conflict, links }: { conflict: Extract<PageConflictDetail, { kind: "content" }>; links: ConflictLinks }) {
  if (conflict.tooDifferent) {
    return <span className="text-red-700">Its text differs too much here and in the space to be merged block by block.</span>;
  }
  const count = conflict.blocks.length;
  return (
    <div className="space-y-3">
      <span className="text-red-700">
        {count === 1 ? "One block" : `${count} blocks`} of its text {count === 1 ? "was" : "were"} changed both here and in the space:
      </span>
      <ol aria-label="Conflicting blocks" className="space-y-3">
        {conflict.blocks.map((block) => (
          <li key={block.key} className="space-y-1">
            <p className="text-slate-800">{blockConflictSentence({ ...block, deletedIn: block.kind === "deleted" ? block.deletedIn : undefined })}</p>
            <BlockSides
              versions={{ main: block.main?.markdown ?? null, changeRequest: block.changeRequest?.markdown ?? null }}
              truncated={{ main: block.main?.truncated ?? false, changeRequest: block.changeRequest?.truncated ?? false }}
              links={links}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function FileItem({ file }: { file: FileConflict }) {
  return (
    <li className={itemClass}>
      <p>
        <span className="font-medium text-slate-900">File {file.name}</span>{" "}
        {file.kind === "changed-on-both-sides" ? (
          <span className="text-red-700">was changed both here and in the space.</span>
        ) : (
          <span className="text-red-700">
            was deleted {sideName[file.deletedIn]}, but {file.referencedBy.length === 1 ? "this page still uses it" : "these pages still use it"}:
          </span>
        )}
      </p>
      {file.kind === "deleted-while-referenced" && (
        <ul className="mt-1 list-inside list-disc text-slate-800">
          {file.referencedBy.map((page) => (
            <li key={page.id}>
              {page.title || "Untitled page"} <span className="text-slate-500">{page.path}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
