"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { SiteObject } from "./site-model";

/** One site, from the cache the site's layout and its pages share. */
export function useSite(organizationId: string, siteId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.sites.get.queryOptions({ organizationId, siteId }));
}

/** After a write that answers the site: it replaces the cached one, and the list (its state, counts) is read again. */
export function useSiteChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (organizationId: string, site: SiteObject) => {
      queryClient.setQueryData(trpc.sites.get.queryKey({ organizationId, siteId: site.id }), site);
      await queryClient.invalidateQueries({ queryKey: trpc.sites.list.pathKey() });
    },
    [queryClient, trpc],
  );
}
