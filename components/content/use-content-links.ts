"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { ContentLinks } from "./markdown-view";

type Source = { kind: "main" } | { kind: "change-request"; ref: string } | { kind: "revision"; revisionId: string };

/** Page links to `hrefOf`, and `/files/<id>` to the file's download address (and name, type, size) in that content. */
export function useContentLinks(spaceId: string, source: Source, hrefOf?: (pageId: string) => string): ContentLinks {
  const trpc = useTRPC();
  const files = useQuery(trpc.changeRequests.files.queryOptions({ spaceId, source }));
  return useMemo(() => {
    const byId = new Map(files.data?.items.map((file) => [file.id, file]));
    return {
      page: hrefOf,
      file: (id: string) => byId.get(id)?.downloadURL,
      fileInfo: (id: string) => {
        const file = byId.get(id);
        return file && { name: file.name, contentType: file.contentType, size: file.size };
      },
    };
  }, [files.data, hrefOf]);
}
