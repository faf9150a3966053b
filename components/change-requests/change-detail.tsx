"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useCallback } from "react";
import { readerHref } from "@/components/content/space-frame";
import { useContentLinks } from "@/components/content/use-content-links";
import { CommentableBlocks } from "@/components/discussions/commentable-blocks";
import { useTRPC } from "@/components/providers/trpc-provider";
import { emojiCharacters } from "@/components/space/emoji";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { ContentSource } from "@/server/content/reads";
import { attributeRows, entryLabel, type ChangeEntry, type ChangeRequest, type FileEntry, type PageEntry, type VariableChange, type VariablesEntry } from "./change-entries";
import { DiffModeToggle, PageDiff, type DiffMode } from "./page-diff";

/** The revision the change request's changes are measured against. */
export const baseRevisionOf = (changeRequest: ChangeRequest) => changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;

/**
 * Where a change is shown: the two contents compared (a change request against its base, or two
 * revisions of the history), the space, and the diff's mode.
 */
type DetailContext = {
  sources: { before: ContentSource; after: ContentSource };
  spaceId: string;
  organizationId: string;
  mode: DiffMode;
  onModeChange: (mode: DiffMode) => void;
};

/** What happened to one page, file or the space's variables: metadata changes and text as a diff. */
export function ChangeDetail({ entry, ...context }: DetailContext & { entry: ChangeEntry }) {
  if (entry.kind === "variables") return <SpaceVariablesDetail entry={entry} />;
  return entry.kind === "file" ? <FileDetail entry={entry} /> : <PageDetail entry={entry} {...context} />;
}

function PageDetail({ entry, sources, spaceId, organizationId, mode, onModeChange }: DetailContext & { entry: PageEntry }) {
  const trpc = useTRPC();
  const document = entry.attributes.document;
  // Created and deleted pages come whole from the side that has them; edits carry both texts.
  const source = entry.deleted ? sources.before : sources.after;
  const whole = useQuery({ ...trpc.changeRequests.page.queryOptions({ spaceId, source, pageId: entry.page.id }), enabled: entry.created || entry.deleted });
  const hrefOf = useCallback((pageId: string) => readerHref(organizationId, spaceId, pageId), [organizationId, spaceId]);
  const links = useContentLinks(spaceId, sources.after, hrefOf);
  const metadata = attributeRows(entry.attributes);
  const title = entry.page.title || "Untitled page";

  let texts: { before: string; after: string } | null = null;
  if (document) texts = { before: document.before ?? "", after: document.after ?? "" };
  else if ((entry.created || entry.deleted) && whole.data) {
    const markdown = "markdown" in whole.data ? whole.data.markdown : "";
    texts = entry.created ? { before: "", after: markdown } : { before: markdown, after: "" };
  }

  return (
    <section aria-labelledby="change-detail-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="change-detail-title" className="truncate text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-500">
            {entryLabel(entry)}
            {entry.page.path ? ` · ${entry.page.path}` : ""}
          </p>
        </div>
        {texts && <DiffModeToggle mode={mode} onChange={onModeChange} />}
      </div>
      {entry.moved && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Moved from <span className="font-medium">{entry.parent?.before?.title ?? "the top level"}</span>
          <ArrowRight aria-hidden className="size-4" />
          <span className="sr-only">to</span>
          <span className="font-medium">{entry.parent?.after?.title ?? "the top level"}</span>
          {entry.parent?.before?.id === entry.parent?.after?.id && <span className="text-sky-700">(a new position among its siblings)</span>}
        </p>
      )}
      {metadata.length > 0 && (
        <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          {metadata.map((row) => (
            <div key={row.key} className="grid gap-1 px-3 py-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <dt className="font-medium text-slate-600">{row.label}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2">
                <del className="break-all text-red-700">{row.key === "emoji" ? emojiCharacters(row.before) : row.before}</del>
                <ArrowRight aria-hidden className="size-3.5 text-slate-400" />
                <span className="sr-only">becomes</span>
                <ins className="break-all text-emerald-800 no-underline">{row.key === "emoji" ? emojiCharacters(row.after) : row.after}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.variables.length > 0 && <VariableChanges changes={entry.variables} label="Page variables" />}
      {texts ? (
        mode === "rendered" && !entry.deleted ? (
          <CommentableBlocks spaceId={spaceId} source={sources.after} pageId={entry.page.id}>
            <PageDiff before={texts.before} after={texts.after} mode={mode} title={title} links={links} />
          </CommentableBlocks>
        ) : (
          <PageDiff before={texts.before} after={texts.after} mode={mode} title={title} links={links} />
        )
      ) : (entry.created || entry.deleted) && whole.isPending ? (
        <LoadingState label="Loading page…" />
      ) : whole.isError ? (
        <ErrorState message={errorMessage(whole.error)} onRetry={() => void whole.refetch()} />
      ) : (
        <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-500">The text of this page did not change.</p>
      )}
    </section>
  );
}

function SpaceVariablesDetail({ entry }: { entry: VariablesEntry }) {
  return (
    <section aria-labelledby="change-detail-title" className="min-w-0 space-y-4">
      <div>
        <h2 id="change-detail-title" className="text-lg font-semibold text-slate-900">
          Space variables
        </h2>
        <p className="text-sm text-slate-500">Values pages read as {"{{ space.vars.NAME }}"}</p>
      </div>
      <VariableChanges changes={entry.variables} label="Space variables" />
    </section>
  );
}

/** Variables added, changed and removed, one row each. */
function VariableChanges({ changes, label }: { changes: VariableChange[]; label: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
      {changes.map((change) => (
        <div key={change.name} className="grid gap-1 px-3 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="truncate font-mono text-slate-600">{change.name}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2">
            {change.before === undefined ? (
              <span className="text-xs font-medium uppercase tracking-wide text-emerald-700">Added</span>
            ) : (
              <del className="break-all text-red-700">{String(change.before)}</del>
            )}
            {change.before !== undefined && change.after !== undefined && (
              <>
                <ArrowRight aria-hidden className="size-3.5 text-slate-400" />
                <span className="sr-only">becomes</span>
              </>
            )}
            {change.after === undefined ? (
              <span className="text-xs font-medium uppercase tracking-wide text-red-700">Removed</span>
            ) : (
              <ins className="break-all text-emerald-800 no-underline">{String(change.after)}</ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FileDetail({ entry }: { entry: FileEntry }) {
  const image = entry.file.contentType.startsWith("image/");
  return (
    <section aria-labelledby="change-detail-title" className="min-w-0 space-y-4">
      <div>
        <h2 id="change-detail-title" className="truncate text-lg font-semibold text-slate-900">
          {entry.file.name}
        </h2>
        <p className="text-sm text-slate-500">
          {entryLabel(entry)} · {entry.file.contentType}
        </p>
      </div>
      {image ? (
        <img src={entry.file.downloadURL} alt={entry.file.name} className="max-h-[28rem] max-w-full rounded-md border border-slate-200" />
      ) : (
        <a href={entry.file.downloadURL} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Download {entry.file.name}
        </a>
      )}
    </section>
  );
}
