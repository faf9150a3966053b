"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import clsx from "clsx";
import { BookOpen, FileDiff, GitCompareArrows, X } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { usePathname, useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { changeEntries } from "@/components/change-requests/change-entries";
import { ChangesView } from "@/components/change-requests/changes-view";
import { RelativeTime } from "@/components/content/relative-time";
import { changeRequestHref, revisionReaderHref, SpaceFrame } from "@/components/content/space-frame";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import type { AppRouter } from "@/server/trpc/root";

type Revision = inferRouterOutputs<AppRouter>["history"]["list"]["items"][number];

/** A space's history: its revisions newest first, and the diff between two of them (`from`, `to` in the address). */
export function HistoryScreen({ organizationId, spaceId, from, to }: { organizationId: string; spaceId: string; from?: string; to?: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="history" wide>
      {(space) => <History space={space} organizationId={organizationId} from={from} to={to} />}
    </SpaceFrame>
  );
}

/** What a revision did, in a few words. */
function revisionTitle(revision: Revision): string {
  if (revision.changeRequest) return `#${revision.changeRequest.number} ${revision.changeRequest.subject || "Untitled change request"}`;
  if (!revision.parentId) return "Space created";
  if (revision.type === "live") return "Edited live";
  return revision.type === "merge" ? "Merged changes" : "Edits";
}

function countsOf(revision: Revision): string {
  const parts = [
    revision.pagesAdded > 0 && `${revision.pagesAdded} added`,
    revision.pagesEdited > 0 && `${revision.pagesEdited} edited`,
    revision.pagesRemoved > 0 && `${revision.pagesRemoved} removed`,
  ].filter(Boolean);
  const total = revision.pagesAdded + revision.pagesEdited + revision.pagesRemoved;
  return parts.length === 0 ? "No page changed" : `${total === 1 ? "1 page" : `${total} pages`}: ${parts.join(", ")}`;
}

function History({ space, organizationId, from, to }: { space: SpaceObject; organizationId: string; from?: string; to?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const history = useInfiniteQuery(trpc.history.list.infiniteQueryOptions({ spaceId: space.id, limit: 20 }, { getNextPageParam: (last) => last.next }));
  const revisions = useMemo(() => history.data?.pages.flatMap((page) => page.items) ?? [], [history.data]);
  const [picked, setPicked] = useState<string[]>([]);

  /** Shows the diff from `older` to `newer`; the address keeps it, so a reload or a shared link shows the same. */
  function compare(older: string, newer: string) {
    setPicked([]);
    router.replace(`${pathname}?from=${encodeURIComponent(older)}&to=${encodeURIComponent(newer)}`, { scroll: false });
    requestAnimationFrame(() => document.getElementById("revision-diff")?.focus());
  }
  function comparePicked() {
    // The list is newest first: the later one in it is the older revision.
    const [a, b] = [...picked].sort((x, y) => revisions.findIndex((r) => r.id === y) - revisions.findIndex((r) => r.id === x));
    compare(a!, b!);
  }
  function togglePicked(id: string) {
    setPicked((current) => (current.includes(id) ? current.filter((each) => each !== id) : [...current.slice(-1), id]));
  }

  if (history.isPending) return <LoadingState label="Loading history…" />;
  if (history.isError) return <ErrorState message={errorMessage(history.error)} onRetry={() => void history.refetch()} />;
  if (revisions.length === 0) return <EmptyState title="No history yet" description="This space has no content yet." />;

  return (
    <div className="grid gap-6 2xl:grid-cols-[24rem_minmax(0,1fr)]">
      <section aria-labelledby="history-title" className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="history-title" className="text-base font-semibold text-slate-900">
            History
          </h1>
          <Button variant="secondary" disabled={picked.length !== 2} onClick={comparePicked}>
            <GitCompareArrows aria-hidden className="size-4" />
            Compare selected
          </Button>
        </div>
        <p className="text-sm text-slate-600">Select two versions to compare them, or show what one version changed.</p>
        <ol aria-label="Versions, newest first" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {revisions.map((revision) => {
            const title = revisionTitle(revision);
            const shown = revision.id === to && (revision.parentId === from || from === undefined);
            return (
              <li key={revision.id} className={clsx("flex gap-3 px-3 py-3", (revision.id === from || revision.id === to) && "bg-indigo-50/60")}>
                <input
                  type="checkbox"
                  checked={picked.includes(revision.id)}
                  onChange={() => togglePicked(revision.id)}
                  aria-label={`Select “${title}” to compare`}
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="flex min-w-0 items-center gap-2">
                    {revision.changeRequest ? (
                      <IntentLink href={changeRequestHref(organizationId, space.id, revision.changeRequest.number)} className="truncate text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                        {title}
                      </IntentLink>
                    ) : (
                      <span className="truncate text-sm font-medium text-slate-900">{title}</span>
                    )}
                    {revision.current && <span className="shrink-0 rounded-full bg-emerald-100 px-2 text-xs font-medium text-emerald-800">Current</span>}
                  </p>
                  <p className="text-xs text-slate-600">
                    {revision.author ? `${revision.author.displayName}, ` : ""}
                    <RelativeTime iso={revision.createdAt} /> · {countsOf(revision)}
                  </p>
                  <div className="flex flex-wrap gap-3 pt-1 text-xs font-medium">
                    {revision.parentId && (
                      <button
                        type="button"
                        aria-pressed={shown}
                        aria-label={`Changes of “${title}”`}
                        onClick={() => compare(revision.parentId!, revision.id)}
                        className="inline-flex items-center gap-1 text-indigo-700 hover:underline"
                      >
                        <FileDiff aria-hidden className="size-3.5" />
                        Changes
                      </button>
                    )}
                    <IntentLink href={revisionReaderHref(organizationId, space.id, revision.id)} aria-label={`Read the space as of “${title}”`} className="inline-flex items-center gap-1 text-indigo-700 hover:underline">
                      <BookOpen aria-hidden className="size-3.5" />
                      Read
                    </IntentLink>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        {history.hasNextPage && (
          <Button variant="secondary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} className="w-full">
            Show older versions
          </Button>
        )}
      </section>
      {from && to ? (
        <RevisionDiff space={space} organizationId={organizationId} from={from} to={to} revisions={revisions} onClose={() => router.replace(pathname, { scroll: false })} />
      ) : (
        <div className="hidden 2xl:block">
          <EmptyState title="Nothing compared yet" description="Pick “Changes” on a version, or select two versions and compare them." />
        </div>
      )}
    </div>
  );
}

function RevisionDiff({ space, organizationId, from, to, revisions, onClose }: { space: SpaceObject; organizationId: string; from: string; to: string; revisions: Revision[]; onClose: () => void }) {
  const trpc = useTRPC();
  const changes = useQuery(trpc.history.changes.queryOptions({ spaceId: space.id, from, to }));
  const entries = useMemo(() => changeEntries(changes.data?.changes ?? []), [changes.data]);
  const describe = (id: string) => {
    const revision = revisions.find((each) => each.id === id);
    return revision ? revisionTitle(revision) : "an earlier version";
  };
  return (
    <section id="revision-diff" tabIndex={-1} aria-labelledby="revision-diff-title" className="min-w-0 space-y-3 outline-none">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="revision-diff-title" className="text-base font-semibold text-slate-900">
            Changes
            {changes.data && <span className="ml-2 text-sm font-normal text-slate-600">{entries.length}</span>}
          </h2>
          <p className="text-sm text-slate-600">
            From “{describe(from)}” to “{describe(to)}”
          </p>
        </div>
        <Button variant="ghost" onClick={onClose}>
          <X aria-hidden className="size-4" />
          Close
        </Button>
      </div>
      {changes.isPending ? (
        <LoadingState label="Loading changes…" />
      ) : changes.isError ? (
        <ErrorState message={errorMessage(changes.error)} onRetry={() => void changes.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No differences" description="These two versions have the same content." />
      ) : (
        <ChangesView entries={entries} sources={{ before: { kind: "revision", revisionId: from }, after: { kind: "revision", revisionId: to } }} spaceId={space.id} organizationId={organizationId} />
      )}
    </section>
  );
}
