"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { changeRequestsHref, readerHref, SpaceFrame } from "@/components/content/space-frame";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { Editor } from "./lazy-editor";
import { newEditSession } from "./edit-session";

/**
 * The editor on a space's main content, for spaces in live edit mode (`editMode: live`): what the
 * reader's Edit opens there. Each opening is one editing session, and so one entry of the space's
 * history however many times it saves (server/spaces/apply-live-edit.ts). Where the caller may not
 * edit live (server/policies/live-edit.ts), it says why and points to change requests.
 */
export function LiveEditorScreen({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="content" wide>
      {(space) => <LiveEditorLoader space={space} organizationId={organizationId} />}
    </SpaceFrame>
  );
}

function LiveEditorLoader({ space, organizationId }: { space: SpaceObject; organizationId: string }) {
  const trpc = useTRPC();
  const [session] = useState(newEditSession);
  const availability = useQuery(trpc.liveEdits.availability.queryOptions({ spaceId: space.id }));
  const pages = useQuery({ ...trpc.changeRequests.pages.queryOptions({ spaceId: space.id, source: { kind: "main" } }), staleTime: 0, refetchOnWindowFocus: false });
  const failed = availability.error ?? pages.error;
  if (failed) return <ErrorState message={errorMessage(failed)} onRetry={() => void Promise.all([availability.refetch(), pages.refetch()])} />;
  if (!availability.data || !pages.data) return <LoadingState label="Loading the editor…" />;
  if (!availability.data.allowed) {
    return (
      <EmptyState
        title="This space is not edited live"
        description={availability.data.message}
        action={
          <div className="flex flex-wrap justify-center gap-4 text-sm font-medium">
            <IntentLink href={changeRequestsHref(organizationId, space.id)} className="text-indigo-600 hover:text-indigo-500">
              Its change requests
            </IntentLink>
            <IntentLink href={readerHref(organizationId, space.id)} className="text-indigo-600 hover:text-indigo-500">
              Back to the content
            </IntentLink>
          </div>
        }
      />
    );
  }
  return <Editor space={space} organizationId={organizationId} target={{ kind: "live", session }} serverPages={pages.data.pages} />;
}
