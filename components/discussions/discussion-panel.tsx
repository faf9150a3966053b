"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { MessageSquare, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { errorMessage } from "@/components/ui/trpc-error";
import { CommentComposer } from "./comment-composer";
import { CommentThread, ReplySkeleton } from "./comment-thread";
import { scopeInput, useDiscussion } from "./discussion-context";
import { useCommentMutations } from "./use-comment-mutations";
import type { Comment, StatusFilter } from "./types";

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All" },
];

const PANEL_ID = "discussion-panel";
const TOGGLE_ID = "discussion-toggle";

/** "Comments" with the count of open threads: opens and closes the discussion panel. */
export function DiscussionToggle() {
  const discussion = useDiscussion();
  if (!discussion) return null;
  const count = discussion.openCount ?? 0;
  return (
    <button
      id={TOGGLE_ID}
      type="button"
      aria-expanded={discussion.open}
      aria-controls={discussion.open ? PANEL_ID : undefined}
      onClick={() => discussion.setOpen(!discussion.open)}
      className={clsx(
        "inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium",
        discussion.open ? "border-indigo-300 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
      )}
    >
      <MessageSquare aria-hidden className="size-4" />
      Comments
      <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">
        {count}
        <span className="sr-only"> open</span>
      </span>
    </button>
  );
}

/** A group of the panel's threads: a page of the change request, or its own conversation. */
export type ThreadGroup = { id: string; title: string };
/** The group id of a change request's own conversation (threads on no page). */
export const CONVERSATION = "conversation";

/**
 * The discussion beside the content (a drawer on narrow screens): the filter, a block comment being
 * written, the threads (of the page, or grouped by page on a change request) and a box for a new one.
 * `groupOf` names each thread's group on a change request; `newCommentPage` is where the panel's own
 * box posts (the reader's page; none: the change request's conversation). Another person's comments
 * appear without a reload: the space's layout follows its live stream (`SpaceLiveUpdates`), which
 * refetches the `comments` queries.
 */
export function DiscussionPanel({ groupOf, newCommentPage, newCommentLabel }: { groupOf?: (comment: Comment) => ThreadGroup; newCommentPage?: string; newCommentLabel: string }) {
  const trpc = useTRPC();
  const discussion = useDiscussion()!;
  const { scope, pageId, open, focus, draft } = discussion;
  const [filter, setFilter] = useState<StatusFilter>("open");
  const me = useQuery(trpc.profile.get.queryOptions());
  const mutations = useCommentMutations(scope);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const list = useInfiniteQuery({
    ...trpc.comments.list.infiniteQueryOptions(
      { ...scopeInput(scope), status: filter, ...(scope.changeRequest ? {} : { targetPage: pageId }) },
      { getNextPageParam: (last) => last.next?.page },
    ),
    enabled: open,
  });

  useEffect(() => {
    // Opened (or a block's threads chosen), the panel takes the keyboard: it may cover the page on a phone.
    // A block comment being written has its box focused instead.
    if (open && !draft) heading.current?.focus();
  }, [open, focus, draft]);

  if (!open) return null;
  const userId = me.data?.id;
  const all = (list.data?.pages.flatMap((page) => page.items) ?? []) as Comment[];
  const threads = focus ? all.filter((comment) => comment.target.node?.id === focus.node) : all;
  const close = () => {
    discussion.setOpen(false);
    // The keyboard goes back to where the panel was opened from.
    requestAnimationFrame(() => document.getElementById(TOGGLE_ID)?.focus());
  };

  return (
    <>
      {/* Below 1024px the panel is a drawer over the page, with a backdrop that closes it. */}
      <div aria-hidden className="fixed inset-0 z-40 bg-slate-900/30 lg:hidden" onClick={close} />
      <aside
        id={PANEL_ID}
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === "Escape" && !event.defaultPrevented) close();
        }}
        className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-slate-200 bg-slate-50 shadow-xl lg:sticky lg:top-20 lg:z-auto lg:max-h-[calc(100vh-6rem)] lg:w-80 lg:max-w-none xl:w-96 lg:shrink-0 lg:rounded-lg lg:border lg:shadow-none"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 ref={heading} id={titleId} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            Comments
          </h2>
          <button type="button" onClick={close} aria-label="Close comments" className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800">
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <div className="flex-1 space-y-4 overflow-y-auto p-4">
          {draft && (
            <section aria-label="New comment on a block" className="space-y-2 rounded-lg border border-indigo-200 bg-white p-3">
              <p className="text-xs font-medium text-slate-600">Comment on this block</p>
              {draft.preview && <p className="line-clamp-3 border-l-4 border-amber-300 bg-amber-50/60 px-2.5 py-1.5 text-xs text-slate-700">{draft.preview}</p>}
              <CommentComposer
                key={draft.node}
                spaceId={scope.spaceId}
                label="Comment on this block"
                placeholder="Write a comment…"
                submitLabel="Comment"
                autoFocus
                pending={mutations.post.isPending}
                error={mutations.post.error && mutations.post.variables?.node ? errorMessage(mutations.post.error) : null}
                onSubmit={async (markdown) => {
                  await mutations.post.mutateAsync({ ...mutations.input, page: draft.pageId, node: draft.node, markdown });
                  discussion.cancelDraft();
                  setFilter("open");
                }}
                onCancel={discussion.cancelDraft}
              />
            </section>
          )}
          <ToggleGroup label="Show comments" value={filter} options={FILTERS} onChange={setFilter} />
          {focus && (
            <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
              Threads on one block
              <button type="button" onClick={discussion.clearFocus} className="font-medium text-indigo-700 hover:underline">
                Show all
              </button>
            </p>
          )}
          {list.isPending ? (
            <ReplySkeleton rows={3} />
          ) : list.isError ? (
            <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : threads.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{emptyMessage(filter, !!scope.changeRequest)}</p>
          ) : (
            <Threads threads={threads} groupOf={groupOf} render={(comment) => <CommentThread key={comment.id} comment={comment} scope={scope} userId={userId} onJump={discussion.jumpToBlock} />} />
          )}
          {list.hasNextPage && (
            <div className="text-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show older threads
              </Button>
            </div>
          )}
        </div>
        {discussion.canComment && (
        <div className="border-t border-slate-200 bg-white p-4">
          <CommentComposer
            spaceId={scope.spaceId}
            label={newCommentLabel}
            placeholder={newCommentLabel}
            submitLabel="Comment"
            pending={mutations.post.isPending && !mutations.post.variables?.node}
            error={mutations.post.error && !mutations.post.variables?.node ? errorMessage(mutations.post.error) : null}
            onSubmit={(markdown) => mutations.post.mutateAsync({ ...mutations.input, ...(newCommentPage ? { page: newCommentPage } : {}), markdown })}
          />
        </div>
        )}
      </aside>
    </>
  );
}

function emptyMessage(filter: StatusFilter, changeRequest: boolean): string {
  const where = changeRequest ? "this change request" : "this page";
  if (filter === "resolved") return `No resolved comments on ${where}.`;
  if (filter === "open") return `No open comments on ${where}. Select a block's comment button, or write below.`;
  return `No comments on ${where} yet.`;
}

// Pages first, in the order of their latest thread; the change request's own conversation after them.
const conversationLast = (a: { group: ThreadGroup }, b: { group: ThreadGroup }) => Number(a.group.id === CONVERSATION) - Number(b.group.id === CONVERSATION);

function Threads({ threads, groupOf, render }: { threads: Comment[]; groupOf?: (comment: Comment) => ThreadGroup; render: (comment: Comment) => ReactNode }) {
  if (!groupOf) return <div className="space-y-3">{threads.map(render)}</div>;
  const groups = new Map<string, { group: ThreadGroup; comments: Comment[] }>();
  for (const comment of threads) {
    const group = groupOf(comment);
    const entry = groups.get(group.id) ?? { group, comments: [] };
    entry.comments.push(comment);
    groups.set(group.id, entry);
  }
  return (
    <div className="space-y-5">
      {[...groups.values()].sort(conversationLast).map(({ group, comments }) => (
        <section key={group.id} aria-label={group.title} className="space-y-3">
          <h3 className="truncate text-xs font-semibold uppercase tracking-wide text-slate-500">{group.title}</h3>
          {comments.map(render)}
        </section>
      ))}
    </div>
  );
}
