"use client";

import { useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** What /api/live sends (server/api/live-stream.ts `LiveEvent`): what to refetch. */
type LiveEvent = { kind: "comments" | "reviews" | "changeRequests" | "space" | "notifications" | "resync"; spaceId: string | null; changeRequestId: string | null };

/** The tRPC routers whose queries a change to a space can affect. */
const SPACE_ROUTERS = ["comments", "reviews", "changeRequests"] as const;
/** A change request's life (created, merged…) also changes the space's counts (`settings`) and main content (`content`). */
const CHANGE_ROUTERS = [...SPACE_ROUTERS, "settings", "content"] as const;

/** A tRPC query's key is `[[router, procedure], { input, type }]`: its router, and its input's `spaceId`. */
function routerOf(query: Query): string | undefined {
  const path = query.queryKey[0];
  return Array.isArray(path) && typeof path[0] === "string" ? path[0] : undefined;
}
function spaceOf(query: Query): unknown {
  const meta = query.queryKey[1] as { input?: { spaceId?: unknown } } | undefined;
  return meta?.input?.spaceId;
}

function invalidate(queryClient: QueryClient, routers: readonly string[], spaceId: string | null) {
  void queryClient.invalidateQueries({
    predicate: (query) => {
      const router = routerOf(query);
      if (!router || !routers.includes(router)) return false;
      // Queries of other spaces are left alone; those without a space (lists across spaces) refetch.
      const querySpace = spaceOf(query);
      return spaceId === null || querySpace === undefined || querySpace === spaceId;
    },
  });
}

function routersFor(kind: LiveEvent["kind"], followsSpace: boolean): readonly string[] {
  switch (kind) {
    case "notifications":
      return ["notifications"];
    case "comments":
      // A comment changes the counts shown with change requests.
      return ["comments", "changeRequests"];
    case "reviews":
      return ["reviews", "changeRequests"];
    case "changeRequests":
    case "space":
      return CHANGE_ROUTERS;
    case "resync":
      return followsSpace ? CHANGE_ROUTERS : ["notifications"];
  }
}

/**
 * Keeps the open screen current: listens to /api/live (server-sent events, reconnected by the browser,
 * and by this hook after an error) and refetches, through tRPC, the queries a change affects: with
 * `spaceId`, the `comments`, `reviews` and `changeRequests` (and the space's `settings` and `content`)
 * of that space; without, the user's `notifications` (the app shell mounts it so). After a dropped
 * stream it refetches them all, since what changed meanwhile was not heard.
 */
export function useLiveUpdates({ spaceId, changeRequestId }: { spaceId?: string | null; changeRequestId?: string | null } = {}): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const params = new URLSearchParams();
    if (spaceId) params.set("space", spaceId);
    if (spaceId && changeRequestId) params.set("changeRequest", changeRequestId);
    const url = `/api/live${params.size ? `?${params}` : ""}`;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    let dropped = false;

    const connect = () => {
      source = new EventSource(url);
      let opened = false;
      source.onopen = () => {
        attempts = 0;
        // Reopened after a drop: what changed meanwhile was not heard.
        if (dropped) invalidate(queryClient, routersFor("resync", Boolean(spaceId)), spaceId ?? null);
        dropped = false;
        opened = true;
      };
      source.onmessage = (message) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(message.data) as LiveEvent;
        } catch {
          return;
        }
        invalidate(queryClient, routersFor(event.kind, Boolean(spaceId)), event.spaceId ?? spaceId ?? null);
      };
      source.onerror = () => {
        if (opened) dropped = true;
        // The browser retries by itself while the stream is CONNECTING; a refused stream (401, 404, 429) is CLOSED: retry later, backing off.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        attempts += 1;
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempts));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, spaceId, changeRequestId]);
}
