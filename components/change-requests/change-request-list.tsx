"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { Plus } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { changeRequestHref } from "@/components/content/space-frame";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { NewChangeRequestDialog } from "./new-change-request-dialog";
import { FILTERS } from "./list-status";
import { STATUS_LABELS, StatusBadge, type ChangeRequestStatus } from "./status-badge";

const emptyDescriptions: Record<ChangeRequestStatus, string> = {
  open: "Change requests submitted for review appear here.",
  draft: "Change requests being written appear here until they are submitted for review.",
  merged: "Change requests merged into the space's content appear here.",
  archived: "Change requests closed without merging appear here.",
};

/** A space's change requests in one status at a time, newest first, with the counts the space keeps. */
export function ChangeRequestList({ space, organizationId, initialStatus }: { space: SpaceObject; organizationId: string; initialStatus: ChangeRequestStatus }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState(initialStatus);
  const [creating, setCreating] = useState(false);
  const list = useInfiniteQuery(
    trpc.changeRequests.list.infiniteQueryOptions({ spaceId: space.id, status }, { getNextPageParam: (last) => last.next?.page }),
  );
  const counts: Partial<Record<ChangeRequestStatus, number>> = { open: space.changeRequestsOpen, draft: space.changeRequestsDraft };

  function choose(next: ChangeRequestStatus) {
    setStatus(next);
    // The filter is part of the address, so a reload or a shared link shows the same list.
    window.history.replaceState(window.history.state, "", `?status=${next}`);
  }

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="change-requests-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="change-requests-title" className="text-xl font-semibold text-slate-900">
          Change requests
        </h1>
        {space.permissions.edit && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            New change request
          </Button>
        )}
      </div>
      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1.5">
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            aria-label={counts[value] !== undefined ? `${STATUS_LABELS[value]} (${counts[value]})` : undefined}
            onClick={() => choose(value)}
            className={clsx(
              "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium",
              status === value ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {STATUS_LABELS[value]}
            {counts[value] !== undefined && (
              <span className={clsx("rounded-full px-1.5 text-xs", status === value ? "bg-white/20" : "bg-slate-100 text-slate-600")}>{counts[value]}</span>
            )}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState label="Loading change requests…" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={space.changeRequests === 0 ? "No change requests yet" : `No ${STATUS_LABELS[status].toLowerCase()} change requests`}
          description={emptyDescriptions[status]}
          action={
            space.permissions.edit && status !== "merged" && status !== "archived" ? (
              <Button variant="secondary" onClick={() => setCreating(true)}>
                New change request
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul aria-label={`${STATUS_LABELS[status]} change requests`} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((changeRequest) => (
              <li key={changeRequest.id} className="relative flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50">
                <div className="min-w-0 flex-1">
                  <IntentLink
                    href={changeRequestHref(organizationId, space.id, changeRequest.number)}
                    className="font-medium text-slate-900 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-indigo-500"
                  >
                    <span className="text-slate-600">#{changeRequest.number}</span> {changeRequest.subject || "Untitled change request"}
                  </IntentLink>
                  <p className="mt-0.5 text-sm text-slate-500">
                    {changeRequest.status === "merged" && changeRequest.mergedAt ? (
                      <>
                        Merged by {changeRequest.mergedBy?.displayName ?? "someone"} <RelativeTime iso={changeRequest.mergedAt} />
                      </>
                    ) : (
                      <>
                        Opened by {changeRequest.createdBy.displayName}, updated <RelativeTime iso={changeRequest.updatedAt} />
                      </>
                    )}
                  </p>
                </div>
                {changeRequest.outdated && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-200">Outdated</span>}
                <StatusBadge status={changeRequest.status} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
      <NewChangeRequestDialog open={creating} onClose={() => setCreating(false)} space={space} organizationId={organizationId} />
    </section>
  );
}
