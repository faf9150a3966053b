"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { AtSign, CheckCheck, GitMerge, MessageSquare, MessageSquareReply, UserCheck, UserRoundSearch } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { NotificationQuery } from "@/server/notifications/inbox";
import type { PresentedNotification } from "@/server/presenters/notification";

const ICONS: Record<PresentedNotification["kind"], ReactNode> = {
  mention: <AtSign aria-hidden className="size-4" />,
  reply: <MessageSquareReply aria-hidden className="size-4" />,
  comment: <MessageSquare aria-hidden className="size-4" />,
  review_requested: <UserRoundSearch aria-hidden className="size-4" />,
  review_submitted: <UserCheck aria-hidden className="size-4" />,
  change_request_merged: <GitMerge aria-hidden className="size-4" />,
};

/** The path of a notification's app URL, for client navigation. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The inbox's list and its read state: one query of the caller's notifications, narrowed by `query`. */
function useNotifications(query: NotificationQuery) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(trpc.notifications.list.infiniteQueryOptions(query, { getNextPageParam: (page) => page.next?.page, initialCursor: undefined }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: refresh }));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return { list, markRead, items, anyUnread: items.some((item) => item.readAt === null) };
}

function MarkAllRead({ markRead, anyUnread }: Pick<ReturnType<typeof useNotifications>, "markRead" | "anyUnread">) {
  return (
    <Button variant="ghost" className="text-xs" disabled={!anyUnread} loading={markRead.isPending && markRead.variables?.all === true} onClick={() => markRead.mutate({ all: true })}>
      <CheckCheck aria-hidden className="size-4" />
      Mark all as read
    </Button>
  );
}

/**
 * The bell's inbox: newest first, each entry saying who did what where, linking to the thread or
 * change request and marked read on open; "Mark all as read"; the full inbox a link away.
 * `onNavigate` closes its popover.
 */
export function NotificationInbox({ onNavigate, headingId }: { onNavigate: () => void; headingId: string }) {
  const state = useNotifications({});
  return (
    <div className="flex max-h-[min(32rem,calc(100vh-5rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          Notifications
        </h2>
        <MarkAllRead markRead={state.markRead} anyUnread={state.anyUnread} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <NotificationItems state={state} onNavigate={onNavigate} empty="Mentions, comments on your spaces, replies to your threads, review requests, reviews and merges will show up here." />
      </div>
      <div className="border-t border-slate-200 px-4 py-2 text-center">
        <IntentLink href="/notifications" onClick={onNavigate} className="text-sm font-medium text-indigo-700 hover:underline">
          See all notifications
        </IntentLink>
      </div>
    </div>
  );
}

/** The full inbox's list, under its filters (components/notifications/notifications-page.tsx). */
export function FilteredNotifications({ query, empty }: { query: NotificationQuery; empty: string }) {
  const state = useNotifications(query);
  return (
    <div>
      <div className="flex justify-end pb-2">
        <MarkAllRead markRead={state.markRead} anyUnread={state.anyUnread} />
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <NotificationItems state={state} onNavigate={() => {}} empty={empty} />
      </div>
    </div>
  );
}

function NotificationItems({ state, onNavigate, empty }: { state: ReturnType<typeof useNotifications>; onNavigate: () => void; empty: string }) {
  const router = useRouter();
  const { list, markRead, items } = state;
  const open = (item: PresentedNotification) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    onNavigate();
    router.push(pathOf(item.urls.app));
  };
  return (
    <>
      {markRead.isError && (
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700">
          {errorMessage(markRead.error)}
        </p>
      )}
      <div>
        {list.isPending ? (
          <LoadingState label="Loading notifications…" />
        ) : list.isError ? (
          <div className="p-4">
            <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          </div>
        ) : items.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <p className="font-medium text-slate-800">You’re all caught up</p>
            <p className="mt-1 text-sm text-slate-600">{empty}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.id}>
                <a
                  href={pathOf(item.urls.app)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    open(item);
                  }}
                  className={clsx(
                    "flex gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
                    item.readAt === null && "bg-indigo-50/60",
                  )}
                >
                  <span className={clsx("mt-0.5 grid size-7 shrink-0 place-items-center rounded-full", item.readAt === null ? "bg-indigo-100 text-indigo-700" : "bg-slate-100 text-slate-500")}>
                    {ICONS[item.kind]}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={clsx("block text-slate-800", item.readAt === null && "font-medium")}>{item.text}</span>
                    {item.excerpt && <span className="mt-0.5 block truncate text-slate-600">{item.excerpt}</span>}
                    <span className="mt-0.5 block text-xs text-slate-600">
                      <RelativeTime iso={item.createdAt} />
                      {item.readAt === null && <span className="sr-only">, unread</span>}
                    </span>
                  </span>
                  {item.readAt === null && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-indigo-600" />}
                </a>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="border-t border-slate-100 p-2 text-center">
            <Button variant="ghost" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Show older
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
