"use client";

import type { Document } from "@gitbook/api";
import { useMutation, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { CircleCheck, CircleDot, FileWarning, MessageSquarePlus, X } from "lucide-react";
import { useState } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { CommentMarkdown } from "@/components/discussions/comment-markdown";
import { bodyMarkdown } from "@/components/discussions/types";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { PersonSearch } from "@/components/ui/person-search";
import { Spinner } from "@/components/ui/spinner";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ReviewDialog } from "./review-dialog";
import { summarizeReviews, type ReviewSummary } from "./review-state";
import { useMergeStatus, useRefreshReviews, type RequestedReviewer, type Review, type ReviewAbilities, type ReviewTarget } from "./use-reviews";

/**
 * The review state of a change request: a one-line summary, the Review button and its dialog, the
 * reviews given (newest first) and the reviewers asked for.
 */
export function ReviewsSection({ target, abilities, active }: { target: ReviewTarget; abilities: ReviewAbilities; active: boolean }) {
  const trpc = useTRPC();
  const reviews = useQuery(trpc.reviews.list.queryOptions(target));
  const status = useMergeStatus(target);
  const [reviewing, setReviewing] = useState(false);
  const summary = reviews.data ? summarizeReviews(reviews.data, status.data) : undefined;
  return (
    <section aria-labelledby="reviews-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="reviews-title" className="text-base font-semibold text-slate-900">
          Reviews
        </h2>
        {summary && <SummaryBadge summary={summary} />}
        {active && abilities.choices.length > 0 && (
          <Button variant="secondary" className="ml-auto" onClick={() => setReviewing(true)}>
            <MessageSquarePlus aria-hidden className="size-4" />
            Review
          </Button>
        )}
      </div>
      <div className="grid gap-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ReviewList reviews={reviews} />
        <RequestedReviewers target={target} canChange={active && abilities.requestReviewers} reviews={reviews.data ?? []} />
      </div>
      <ReviewDialog open={reviewing} onClose={() => setReviewing(false)} target={target} choices={abilities.choices} />
    </section>
  );
}

const summaryLook: Record<ReviewSummary["tone"], { icon: typeof CircleCheck; className: string }> = {
  approved: { icon: CircleCheck, className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  "changes-requested": { icon: FileWarning, className: "bg-amber-50 text-amber-900 ring-amber-200" },
  waiting: { icon: CircleDot, className: "bg-slate-100 text-slate-700 ring-slate-200" },
  none: { icon: CircleDot, className: "bg-slate-100 text-slate-700 ring-slate-200" },
};

function SummaryBadge({ summary }: { summary: ReviewSummary }) {
  const look = summaryLook[summary.tone];
  const Icon = look.icon;
  return (
    <p role="status" className={clsx("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", look.className)}>
      <Icon aria-hidden className="size-3.5" />
      {summary.text}
    </p>
  );
}

function VerdictBadge({ status }: { status: Review["status"] }) {
  return status === "approved" ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      <CircleCheck aria-hidden className="size-3.5" />
      Approved
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
      <FileWarning aria-hidden className="size-3.5" />
      Changes requested
    </span>
  );
}

function ReviewList({ reviews }: { reviews: { data?: Review[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (reviews.isPending) return <Spinner label="Loading reviews…" className="size-4" />;
  if (reviews.isError) return <ErrorState message={errorMessage(reviews.error)} onRetry={() => void reviews.refetch()} />;
  const list = [...(reviews.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (list.length === 0) return <p className="text-sm text-slate-500">No one has reviewed these changes yet.</p>;
  return (
    <ul aria-label="Reviews" className="space-y-3">
      {list.map((review) => (
        <li key={review.id} className={clsx("rounded-md border border-slate-200 p-3", review.outdated && "bg-slate-50")}>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium text-slate-900">{review.reviewer.displayName}</span>
            <VerdictBadge status={review.status} />
            {review.outdated && (
              <span title="The change request changed since this review, or the reviewer reviewed it again." className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
                Outdated
              </span>
            )}
            <span className="text-slate-500">
              <RelativeTime iso={review.createdAt} />
            </span>
          </p>
          {review.comment && bodyMarkdown(review.comment.body as Document) && (
            <div className="mt-2 text-sm text-slate-700">
              <CommentMarkdown markdown={bodyMarkdown(review.comment.body as Document)} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function RequestedReviewers({ target, canChange, reviews }: { target: ReviewTarget; canChange: boolean; reviews: Review[] }) {
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useRefreshReviews();
  const requested = useQuery(trpc.reviews.requested.queryOptions(target));
  const onError = (error: unknown) => toast.error(errorMessage(error));
  const request = useMutation(trpc.reviews.request.mutationOptions({ onSuccess: () => refresh(), onError }));
  const remove = useMutation(trpc.reviews.removeRequest.mutationOptions({ onSuccess: () => refresh(), onError }));
  const people = (requested.data ?? []).flatMap((entry: RequestedReviewer) => (entry.kind === "user" ? [entry] : []));
  const reviewed = new Set(reviews.map((review) => review.reviewer.id));
  return (
    <div className="space-y-3">
      <h3 id="requested-reviewers-title" className="text-sm font-semibold text-slate-900">
        Requested reviewers
      </h3>
      {requested.isPending ? (
        <Spinner label="Loading requested reviewers…" className="size-4" />
      ) : requested.isError ? (
        <ErrorState message={errorMessage(requested.error)} onRetry={() => void requested.refetch()} />
      ) : people.length === 0 ? (
        <p className="text-sm text-slate-500">No one has been asked to review.</p>
      ) : (
        <ul aria-labelledby="requested-reviewers-title" className="space-y-1.5">
          {people.map((entry) => (
            <li key={entry.user.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate">
                <span className="text-slate-900">{entry.user.displayName}</span>
                <span className="text-slate-500">{reviewed.has(entry.user.id) ? " · reviewed" : " · waiting"}</span>
              </span>
              {canChange && (
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ ...target, userId: entry.user.id })}
                  aria-label={`Remove ${entry.user.displayName} from the requested reviewers`}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:text-slate-300"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <PersonSearch
          label="Ask someone to review"
          actionLabel="Ask"
          noun="reviewers"
          queryOf={(query) => trpc.reviews.candidates.queryOptions({ spaceId: target.spaceId, query })}
          exclude={people.map((entry) => entry.user.id)}
          disabled={request.isPending}
          onPick={(person) => request.mutate({ ...target, users: [person.id] })}
        />
      )}
    </div>
  );
}
