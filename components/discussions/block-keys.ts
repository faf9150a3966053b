"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { ContentSource } from "@/server/content/reads";

/** The keys of a page's top-level blocks, in order (its document's), to anchor comments to. */
export function useBlockKeys(spaceId: string, source: ContentSource, pageId: string, enabled = true): string[] | undefined {
  const trpc = useTRPC();
  const page = useQuery({ ...trpc.changeRequests.page.queryOptions({ spaceId, source, pageId, format: "document" }), enabled });
  const data = page.data;
  return useMemo(() => {
    if (!data || !("document" in data)) return undefined;
    return (data.document.nodes as { key?: string }[]).flatMap((node) => (node.key ? [node.key] : []));
  }, [data]);
}
