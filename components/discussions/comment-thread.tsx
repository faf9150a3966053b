"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { CheckCircle2, CornerDownRight, MessageSquareReply, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { CommentComposer } from "./comment-composer";
import { CommentItem, ThreadAction } from "./comment-item";
import { reactionChange, useCommentMutations } from "./use-comment-mutations";
import { isResolved, type Comment, type CommentReply, type DiscussionScope } from "./types";

/**
 * One thread: what it is anchored to (with "Jump to block"), the comment, its replies (expanded on
 * demand) and the reply box, reactions, resolve and reopen. Controls follow the comment's permissions.
 */
export function CommentThread({
  comment,
  scope,
  userId,
  onJump,
}: {
  comment: Comment;
  scope: DiscussionScope;
  userId?: string;
  onJump?: (pageId: string | undefined, node: string) => void;
}) {
  const mutations = useCommentMutations(scope);
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const { permissions } = comment;
  const canReply = permissions.reply ?? false;
  const canResolve = permissions.resolve ?? false;
  const resolved = isResolved(comment);
  const base = { ...mutations.input, commentId: comment.id };
  const statusError = mutations.update.error && mutations.update.variables?.resolved !== undefined ? errorMessage(mutations.update.error) : null;

  return (
    <article aria-labelledby={titleId} className={clsx("space-y-3 rounded-lg border bg-white p-3", resolved ? "border-slate-200 opacity-90" : "border-slate-200")}>
      <h3 id={titleId} className="sr-only">
        Comment by {comment.postedBy.displayName}
      </h3>
      <Anchor comment={comment} onJump={onJump} />
      <CommentItem
        item={comment}
        kind="comment"
        spaceId={scope.spaceId}
        userId={userId}
        canReact={canReply}
        actions={{
          edit: (markdown) => mutations.update.mutateAsync({ ...base, markdown }),
          editing: { pending: mutations.update.isPending && mutations.update.variables?.markdown !== undefined, error: mutations.update.variables?.markdown !== undefined ? mutations.update.error : null },
          remove: () => mutations.remove.mutateAsync(base),
          removing: { pending: mutations.remove.isPending, error: mutations.remove.error },
          react: (emoji, add) => mutations.update.mutate({ ...base, ...reactionChange(emoji, add) }),
          reacting: mutations.update.isPending,
        }}
      />
      {resolved && comment.status === "resolved" && (
        <p className="flex items-center gap-1.5 text-xs text-emerald-800">
          <CheckCircle2 aria-hidden className="size-3.5" />
          Resolved by {comment.resolvedBy.displayName}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
        <ThreadAction onClick={() => setExpanded(!expanded)} pressed={expanded}>
          <MessageSquareReply aria-hidden className="size-3.5" />
          {comment.replies === 0 ? (canReply ? "Reply" : "No replies") : `${comment.replies} ${comment.replies === 1 ? "reply" : "replies"}`}
        </ThreadAction>
        {canResolve && (
          <Button
            variant="ghost"
            className="h-7 px-2 text-xs"
            loading={mutations.update.isPending && mutations.update.variables?.resolved !== undefined}
            onClick={() => mutations.update.mutate({ ...base, resolved: !resolved })}
          >
            {resolved ? <RotateCcw aria-hidden className="size-3.5" /> : <CheckCircle2 aria-hidden className="size-3.5" />}
            {resolved ? "Reopen" : "Resolve"}
          </Button>
        )}
      </div>
      {statusError && (
        <p role="alert" className="text-sm text-red-700">
          {statusError}
        </p>
      )}
      {expanded && <Replies comment={comment} scope={scope} userId={userId} canReply={canReply} />}
    </article>
  );
}

function Anchor({ comment, onJump }: { comment: Comment; onJump?: (pageId: string | undefined, node: string) => void }) {
  const { node, page } = comment.target;
  if (!node) return null;
  return (
    <div className="space-y-1.5 rounded-md border-l-4 border-amber-300 bg-amber-50/60 px-2.5 py-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        {page?.outdated && <span className="rounded bg-slate-200 px-1.5 py-0.5 font-medium uppercase tracking-wide text-slate-700">Outdated</span>}
        {node.deleted ? (
          <span className="italic text-slate-600">This block was deleted</span>
        ) : (
          onJump && (
            <button type="button" onClick={() => onJump(page?.id, node.id)} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline">
              <CornerDownRight aria-hidden className="size-3.5" />
              Jump to block
            </button>
          )
        )}
      </div>
      {node.preview && <p className="line-clamp-3 text-slate-700">{node.preview}</p>}
    </div>
  );
}

function Replies({ comment, scope, userId, canReply }: { comment: Comment; scope: DiscussionScope; userId?: string; canReply: boolean }) {
  const trpc = useTRPC();
  const mutations = useCommentMutations(scope);
  const base = { ...mutations.input, commentId: comment.id };
  const replies = useQuery(trpc.comments.replies.queryOptions(base));
  const items = (replies.data?.items ?? []) as CommentReply[];
  return (
    <div className="space-y-3 border-l-2 border-slate-100 pl-3">
      {replies.isPending ? (
        <ReplySkeleton />
      ) : replies.isError ? (
        <ErrorState message={errorMessage(replies.error)} onRetry={() => void replies.refetch()} />
      ) : (
        items.map((reply) => {
          const input = { ...base, replyId: reply.id };
          const mine = (variables: { replyId: string } | undefined) => variables?.replyId === reply.id;
          return (
            <CommentItem
              key={reply.id}
              item={reply}
              kind="reply"
              spaceId={scope.spaceId}
              userId={userId}
              canReact={reply.permissions.reply ?? canReply}
              actions={{
                edit: (markdown) => mutations.updateReply.mutateAsync({ ...input, markdown }),
                editing: { pending: mutations.updateReply.isPending && mine(mutations.updateReply.variables), error: mine(mutations.updateReply.variables) ? mutations.updateReply.error : null },
                remove: () => mutations.removeReply.mutateAsync(input),
                removing: { pending: mutations.removeReply.isPending, error: mutations.removeReply.error },
                react: (emoji, add) => mutations.updateReply.mutate({ ...input, ...reactionChange(emoji, add) }),
                reacting: mutations.updateReply.isPending && mine(mutations.updateReply.variables),
              }}
            />
          );
        })
      )}
      {canReply && (
        <CommentComposer
          spaceId={scope.spaceId}
          label="Reply"
          placeholder="Reply…"
          submitLabel="Reply"
          pending={mutations.reply.isPending}
          error={mutations.reply.error ? errorMessage(mutations.reply.error) : null}
          onSubmit={(markdown) => mutations.reply.mutateAsync({ ...base, markdown })}
        />
      )}
    </div>
  );
}

/** Placeholder rows while a list of messages loads. */
export function ReplySkeleton({ rows = 1 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading…" className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="animate-pulse space-y-2">
          <div className="h-3 w-1/3 rounded bg-slate-200" />
          <div className="h-3 w-5/6 rounded bg-slate-100" />
          <div className="h-3 w-2/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
