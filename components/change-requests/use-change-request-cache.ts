"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";

/**
 * Refetches what a change to a change request can affect: the change requests and their content,
 * the space (counts, current revision), its page list and the sidebar's tree.
 */
export function useRefreshChangeRequests(spaceId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.settings.getSpace.queryKey({ spaceId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.settings.spacePages.queryKey({ spaceId }) }),
      ]),
    [queryClient, spaceId, trpc],
  );
}
