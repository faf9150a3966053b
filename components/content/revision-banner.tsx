"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, History, RotateCcw } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { RelativeTime } from "./relative-time";
import { changeRequestHref, historyHref, readerHref } from "./space-frame";

/** Above the reader at a past revision: which revision this is, and the ways back. */
export function RevisionBanner({ space, organizationId, revisionId }: { space: SpaceObject; organizationId: string; revisionId: string }) {
  const trpc = useTRPC();
  // The history's entry for this revision: its date, author and change request.
  const entry = useQuery(trpc.history.list.queryOptions({ spaceId: space.id, cursor: revisionId, limit: 1 }));
  const revision = entry.data?.items[0];
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <History aria-hidden className="size-5 shrink-0 text-amber-700" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">You are reading an earlier version of this space</span>
        {revision && (
          <>
            {" "}
            as it was <RelativeTime iso={revision.createdAt} />
            {revision.changeRequest && ` after #${revision.changeRequest.number} ${revision.changeRequest.subject ? `“${revision.changeRequest.subject}”` : ""}`}
            {revision.author && ` by ${revision.author.displayName}`}.
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-3 font-medium">
        <IntentLink href={historyHref(organizationId, space.id)} className="inline-flex items-center gap-1 text-amber-900 underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          History
        </IntentLink>
        <IntentLink href={readerHref(organizationId, space.id)} className="text-amber-900 underline-offset-2 hover:underline">
          Current version
        </IntentLink>
      </div>
    </div>
  );
}

/** Opens a change request putting the page back as it was in this revision, then shows it. */
export function RestorePageButton({ space, organizationId, revisionId, pageId }: { space: SpaceObject; organizationId: string; revisionId: string; pageId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const restore = useMutation(
    trpc.history.restorePage.mutationOptions({
      onSuccess: (changeRequest) => {
        toast.success(`Change request #${changeRequest.number} restores the page; review and merge it.`);
        router.push(changeRequestHref(organizationId, space.id, changeRequest.number));
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  return (
    <Button variant="secondary" loading={restore.isPending} onClick={() => restore.mutate({ spaceId: space.id, revisionId, pageId })}>
      <RotateCcw aria-hidden className="size-4" />
      Restore this page
    </Button>
  );
}
