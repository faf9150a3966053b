"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { Archive, ArrowLeft, BookOpen, FileDiff, GitMerge, GitPullRequestArrow, PencilLine, RotateCcw, TriangleAlert, Undo2 } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useCallback, useMemo, useState } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { DiscussionProvider } from "@/components/discussions/discussion-context";
import { CONVERSATION, DiscussionPanel, DiscussionToggle, type ThreadGroup } from "@/components/discussions/discussion-panel";
import type { Comment } from "@/components/discussions/types";
import { canMoveStatus, isActive } from "@/server/policies/change-request";
import { changeRequestHref, changeRequestsHref, readerHref, SpaceFrame } from "@/components/content/space-frame";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { MergeConflicts } from "@/server/content/merge/conflicts";
import type { SpaceObject } from "@/server/presenters/space";
import { changeEntries, type ChangeRequest } from "./change-entries";
import { ChangeRequestLoadError } from "./change-request-load-error";
import { baseRevisionOf } from "./change-detail";
import { ChangesView } from "./changes-view";
import { conflictsOf, isResolvable, resolutionErrorMessage } from "./conflict-outcome";
import { StatusBadge } from "./status-badge";
import { SubjectField } from "./subject-field";
import { useRefreshChangeRequests } from "./use-change-request-cache";
import { MergeButton } from "@/components/reviews/merge-button";
import { ReviewsSection } from "@/components/reviews/reviews-section";
import { reviewAbilities, useRefreshReviews } from "@/components/reviews/use-reviews";

export function ChangeRequestReviewScreen({ organizationId, spaceId, number }: { organizationId: string; spaceId: string; number: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="change-requests" wide>
      {(space) => <Review space={space} organizationId={organizationId} number={number} />}
    </SpaceFrame>
  );
}

// The conflict list and resolver (with the markdown conversion and block editor parts they need) load when a merge or an update meets conflicts.
const ConflictPanel = dynamic(() => import("./conflict-panel").then((module) => module.ConflictPanel), {
  loading: () => <LoadingState label="Loading the conflicts…" />,
});

const isConflict = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === "CONFLICT";

function Review({ space, organizationId, number }: { space: SpaceObject; organizationId: string; number: string }) {
  const trpc = useTRPC();
  const changeRequest = useQuery(trpc.changeRequests.get.queryOptions({ spaceId: space.id, ref: number }));
  if (changeRequest.isPending) return <LoadingState label="Loading change request…" />;
  if (changeRequest.isError) {
    return <ChangeRequestLoadError error={changeRequest.error} number={number} space={space} onRetry={() => void changeRequest.refetch()} />;
  }
  return <ReviewBody space={space} organizationId={organizationId} changeRequest={changeRequest.data} />;
}

function ReviewBody({ space, organizationId, changeRequest }: { space: SpaceObject; organizationId: string; changeRequest: ChangeRequest }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshChangeRequests(space.id);
  const refreshReviews = useRefreshReviews();
  const ref = String(changeRequest.number);
  const input = { spaceId: space.id, ref };
  const reviewTarget = { spaceId: space.id, changeRequest: changeRequest.id };
  const [conflict, setConflict] = useState<{ action: "merge" | "update"; conflicts: MergeConflicts | null; message: string } | null>(null);
  // The conflict view shows the resolution instead of the list; `resolveError` is why the last resolution was refused.
  const [resolving, setResolving] = useState(false);
  const [resolveError, setResolveError] = useState<string | null>(null);
  const closeConflict = () => {
    setConflict(null);
    setResolving(false);
    setResolveError(null);
  };

  const update = useMutation(trpc.changeRequests.update.mutationOptions({ onSuccess: () => refresh() }));
  const merge = useMutation(
    trpc.changeRequests.merge.mutationOptions({
      onSuccess: async () => {
        closeConflict();
        await refresh();
        toast.success(`Change request #${changeRequest.number} merged.`);
      },
      onError: (error) => {
        const conflicts = isConflict(error) ? conflictsOf(error) : null;
        if (conflicts) return setConflict({ action: "merge", conflicts, message: error.message });
        // Any other refusal (a merge rule unmet since the page loaded): its message, and the rules' status anew.
        toast.error(errorMessage(error));
        void refreshReviews();
      },
    }),
  );
  const updateFromMain = useMutation(
    trpc.changeRequests.updateFromMain.mutationOptions({
      onSuccess: async (_result, variables) => {
        closeConflict();
        await refresh();
        toast.success(variables.resolutions ? "Conflicts resolved: this change request now has the space's latest content, and can be merged." : "Updated with the space's latest content.");
      },
      onError: (error, variables) => {
        // A refused resolution stays on screen with why; conflicts found anew (the content moved on) replace the old ones.
        if (isConflict(error)) {
          const found = conflictsOf(error);
          // None left (the content moved on and no longer conflicts): the message says what to do.
          const conflicts = found && found.pages.length + found.files.length + found.variables.length > 0 ? found : null;
          setConflict({ action: "update", conflicts, message: error.message });
          if (variables.resolutions) {
            setResolving(conflicts !== null && isResolvable(conflicts));
            setResolveError(error.message);
          }
        } else if (variables.resolutions && conflict?.conflicts) setResolveError(resolutionErrorMessage(errorMessage(error), fieldErrors(error), conflict.conflicts));
        else toast.error(errorMessage(error));
      },
    }),
  );

  // What the server allows on this change request, as it says: the controls follow it alone.
  const { permissions } = changeRequest;
  const active = isActive(changeRequest);
  // The moves the server allows from this status (its one table), for a caller who may change it.
  const canSetStatus = (status: "draft" | "open" | "archived") => permissions.edit && canMoveStatus(changeRequest.status, status) && changeRequest.status !== status;
  const canEditContent = permissions.editContent;
  const editHref = `${changeRequestHref(organizationId, space.id, changeRequest.number)}/edit`;
  const busy = update.isPending || merge.isPending || updateFromMain.isPending;

  // "Jump to block" on another page of the changes brings that page on screen first.
  const [reveal, setReveal] = useState<{ key: string; at: number }>();
  const revealPage = useCallback((pageId: string) => setReveal({ key: `page:${pageId}`, at: Date.now() }), []);
  const discussionScope = useMemo(() => ({ spaceId: space.id, changeRequest: ref }), [space.id, ref]);

  function setStatus(status: "draft" | "open" | "archived", message: string) {
    update.mutate({ ...input, status }, { onSuccess: () => toast.success(message), onError: (error) => toast.error(errorMessage(error)) });
  }

  return (
    <DiscussionProvider scope={discussionScope} canComment={permissions.comment} revealPage={revealPage}>
    <div className="space-y-5">
      <IntentLink href={changeRequestsHref(organizationId, space.id)} className="inline-flex items-center gap-1.5 text-sm text-slate-500 hover:text-slate-800">
        <ArrowLeft aria-hidden className="size-4" />
        Change requests
      </IntentLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-start gap-3">
          <SubjectField
            number={changeRequest.number}
            subject={changeRequest.subject}
            editable={permissions.edit}
            saving={update.isPending}
            error={update.error && !update.variables?.status ? errorMessage(update.error) : undefined}
            onSave={(subject) => update.mutateAsync({ ...input, subject })}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <StatusBadge status={changeRequest.status} />
            {changeRequest.status === "merged" && changeRequest.mergedAt ? (
              <span>
                Merged by {changeRequest.mergedBy?.displayName ?? "someone"} <RelativeTime iso={changeRequest.mergedAt} />
              </span>
            ) : (
              <span>
                Opened by {changeRequest.createdBy.displayName} <RelativeTime iso={changeRequest.createdAt} />, updated <RelativeTime iso={changeRequest.updatedAt} />
              </span>
            )}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <DiscussionToggle />
            {canEditContent && (
              <IntentLink href={editHref} className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
                <PencilLine aria-hidden className="size-4" />
                Edit
              </IntentLink>
            )}
            {canSetStatus("open") && (
              <Button variant="secondary" disabled={busy} onClick={() => setStatus("open", "Submitted for review.")}>
                <FileDiff aria-hidden className="size-4" />
                Submit for review
              </Button>
            )}
            {changeRequest.status === "open" && canSetStatus("draft") && (
              <Button variant="secondary" disabled={busy} onClick={() => setStatus("draft", "Moved back to draft.")}>
                <Undo2 aria-hidden className="size-4" />
                Back to draft
              </Button>
            )}
            {canSetStatus("archived") && (
              <Button variant="ghost" disabled={busy} onClick={() => setStatus("archived", "Change request archived.")}>
                <Archive aria-hidden className="size-4" />
                Archive
              </Button>
            )}
            {changeRequest.status === "archived" && canSetStatus("draft") && (
              <Button variant="secondary" disabled={busy} onClick={() => setStatus("draft", "Reopened as a draft.")}>
                <RotateCcw aria-hidden className="size-4" />
                Reopen as draft
              </Button>
            )}
            {permissions.merge && <MergeButton target={reviewTarget} loading={merge.isPending} disabled={busy && !merge.isPending} onMerge={() => merge.mutate(input)} />}
          </div>
        </div>
      </header>

      {changeRequest.outdated && !conflict && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="size-5 shrink-0 text-amber-600" />
          <p className="min-w-0 flex-1">
            <span className="font-medium">This change request is outdated.</span> The space&apos;s content changed since it was started; update it to see
            and resolve how they combine before merging.
          </p>
          {permissions.update && (
            <Button variant="secondary" loading={updateFromMain.isPending} disabled={busy && !updateFromMain.isPending} onClick={() => updateFromMain.mutate(input)}>
              <GitPullRequestArrow aria-hidden className="size-4" />
              Update from main
            </Button>
          )}
        </div>
      )}

      {conflict &&
        (conflict.conflicts && resolving ? (
          <ConflictPanel
            spaceId={space.id}
            changeRequestRef={ref}
            resolve={{
              conflicts: conflict.conflicts,
              saving: updateFromMain.isPending,
              error: resolveError,
              onResolve: (resolutions) => {
                setResolveError(null);
                updateFromMain.mutate({ ...input, resolutions });
              },
              onCancel: () => {
                setResolving(false);
                setResolveError(null);
                // Back on the conflict list, the keyboard continues from the button that opened the resolution.
                requestAnimationFrame(() => document.getElementById("resolve-conflicts")?.focus());
              },
            }}
          />
        ) : (
          <ConflictPanel
            spaceId={space.id}
            changeRequestRef={ref}
            view={{
              action: conflict.action,
              conflicts: conflict.conflicts,
              message: conflict.message,
              editHref,
              canEdit: canEditContent,
              updating: updateFromMain.isPending,
              onUpdateFromMain: () => updateFromMain.mutate(input),
              onResolve: permissions.update && conflict.conflicts && isResolvable(conflict.conflicts) ? () => setResolving(true) : undefined,
              onDismiss: closeConflict,
            }}
          />
        ))}

      {changeRequest.status === "merged" && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900">
          <GitMerge aria-hidden className="size-5 shrink-0 text-violet-600" />
          <p className="min-w-0 flex-1">These changes are part of the space&apos;s content.</p>
          <IntentLink href={readerHref(organizationId, space.id)} className="inline-flex items-center gap-1.5 font-medium text-violet-800 underline-offset-2 hover:underline">
            <BookOpen aria-hidden className="size-4" />
            Read the space
          </IntentLink>
        </div>
      )}

      <ReviewsSection target={reviewTarget} abilities={reviewAbilities(changeRequest)} active={active} />

      <Changes space={space} organizationId={organizationId} changeRequest={changeRequest} editHref={canEditContent ? editHref : undefined} reveal={reveal} />
    </div>
    </DiscussionProvider>
  );
}

/** The changes beside the change request's discussion (threads grouped by page, then its conversation). */
function Changes({
  space,
  organizationId,
  changeRequest,
  editHref,
  reveal,
}: {
  space: SpaceObject;
  organizationId: string;
  changeRequest: ChangeRequest;
  editHref?: string;
  reveal?: { key: string; at: number };
}) {
  const trpc = useTRPC();
  const changes = useQuery(trpc.changeRequests.changes.queryOptions({ spaceId: space.id, ref: String(changeRequest.number) }));
  const entries = useMemo(() => changeEntries(changes.data?.changes ?? []), [changes.data]);
  const groupOf = useCallback(
    (comment: Comment): ThreadGroup => {
      const pageId = comment.target.page?.id;
      if (!pageId) return { id: CONVERSATION, title: "Conversation" };
      const entry = entries.find((each) => each.key === `page:${pageId}`);
      return { id: pageId, title: (entry?.kind === "page" ? entry.page.title : comment.target.page?.title) || "Untitled page" };
    },
    [entries],
  );
  return (
    <div className="gap-12 border-t border-slate-200 pt-5 lg:flex lg:items-start">
    <section aria-labelledby="changes-title" className="min-w-0 flex-1 space-y-3">
      <h2 id="changes-title" className="text-base font-semibold text-slate-900">
        Changes
        {changes.data && <span className="ml-2 text-sm font-normal text-slate-500">{entries.length}</span>}
      </h2>
      {changes.isPending ? (
        <LoadingState label="Loading changes…" />
      ) : changes.isError ? (
        <ErrorState message={errorMessage(changes.error)} onRetry={() => void changes.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          title="No changes yet"
          description="This change request has the same content as the space."
          action={
            editHref ? (
              <IntentLink href={editHref} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
                Edit its pages
              </IntentLink>
            ) : undefined
          }
        />
      ) : (
        <ChangesView
          entries={entries}
          sources={{ before: { kind: "revision", revisionId: baseRevisionOf(changeRequest) }, after: { kind: "change-request", ref: String(changeRequest.number) } }}
          spaceId={space.id}
          organizationId={organizationId}
          reveal={reveal}
        />
      )}
    </section>
    <DiscussionPanel groupOf={groupOf} newCommentLabel="Comment on this change request" />
    </div>
  );
}
