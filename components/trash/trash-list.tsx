"use client";

import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { SPACE_RETENTION_DAYS } from "@/server/config";
import { TrashRow } from "./trash-row";

/** Deleted spaces the caller may restore, newest first. */
export function TrashList({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const trash = useQuery(trpc.content.trash.queryOptions({ organizationId }));

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8">
      <div className="flex items-center gap-3">
        <span aria-hidden className="grid size-9 place-items-center rounded-md bg-slate-100 text-slate-600">
          <Trash2 className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Trash</h1>
          <p className="text-sm text-slate-500">Deleted spaces can be restored for {SPACE_RETENTION_DAYS} days, then they are removed for good.</p>
        </div>
      </div>
      <div className="mt-8">
        {trash.isPending ? (
          <LoadingState label="Loading the trash…" />
        ) : trash.isError ? (
          <ErrorState message={errorMessage(trash.error)} onRetry={() => void trash.refetch()} />
        ) : trash.data.length === 0 ? (
          <EmptyState title="The trash is empty" description="Spaces you delete appear here while they can still be restored." />
        ) : (
          <ul aria-label="Deleted spaces" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {trash.data.map((space) => (
              <TrashRow key={space.id} space={space} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
