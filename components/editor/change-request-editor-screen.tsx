"use client";

import { useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { ChangeRequestLoadError } from "@/components/change-requests/change-request-load-error";
import { SpaceFrame } from "@/components/content/space-frame";
import { changeRequestHref } from "@/components/content/space-hrefs";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { isActive } from "@/server/policies/change-request";
import type { SpaceObject } from "@/server/presenters/space";
import { Editor } from "./lazy-editor";

/** A change request's editor: its pages in the block editor, or why they cannot be edited. */
export function ChangeRequestEditorScreen({ organizationId, spaceId, number }: { organizationId: string; spaceId: string; number: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="change-requests" wide>
      {(space) => <EditorLoader space={space} organizationId={organizationId} number={number} />}
    </SpaceFrame>
  );
}

function EditorLoader({ space, organizationId, number }: { space: SpaceObject; organizationId: string; number: string }) {
  const trpc = useTRPC();
  const changeRequest = useQuery(trpc.changeRequests.get.queryOptions({ spaceId: space.id, ref: number }));
  const source = { kind: "change-request", ref: number } as const;
  const pages = useQuery({ ...trpc.changeRequests.pages.queryOptions({ spaceId: space.id, source }), staleTime: 0, refetchOnWindowFocus: false });
  const failed = changeRequest.error ?? pages.error;
  if (failed) {
    return <ChangeRequestLoadError error={failed} number={number} space={space} onRetry={() => void Promise.all([changeRequest.refetch(), pages.refetch()])} />;
  }
  if (!changeRequest.data || !pages.data) return <LoadingState label="Loading the editor…" />;
  const reviewHref = changeRequestHref(organizationId, space.id, number);
  const active = isActive(changeRequest.data);
  if (!changeRequest.data.permissions.editContent) {
    return (
      <EmptyState
        title={active ? "You cannot edit this change request" : `This change request is ${changeRequest.data.status}`}
        description={active ? "Editing a change request's pages needs the edit role on the space." : "Its pages can no longer be edited."}
        action={
          <IntentLink href={reviewHref} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            See its changes
          </IntentLink>
        }
      />
    );
  }
  return <Editor space={space} organizationId={organizationId} target={{ kind: "change-request", changeRequest: changeRequest.data }} serverPages={pages.data.pages} />;
}

