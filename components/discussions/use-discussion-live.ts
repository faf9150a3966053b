"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { DiscussionScope } from "./types";

const POLL_MS = 2000;

/** Keeps the open panel's threads current while someone else comments: refetches every 2 s while the panel is open. */
export function useDiscussionLive(scope: DiscussionScope, open: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: trpc.comments.pathKey() }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, queryClient, scope.spaceId, scope.changeRequest, trpc]);
}
