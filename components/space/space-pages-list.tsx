"use client";

import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { emojiCharacters } from "./emoji";

/** The page titles of the space's current revision, indented by depth; read-only for now. */
export function SpacePagesList({ spaceId }: { spaceId: string }) {
  const trpc = useTRPC();
  const pages = useQuery(trpc.settings.spacePages.queryOptions({ spaceId }));
  return (
    <section aria-labelledby="space-pages-title" className="space-y-3">
      <h2 id="space-pages-title" className="text-base font-semibold text-slate-900">
        Pages
        {pages.data && <span className="ml-2 text-sm font-normal text-slate-500">{pages.data.pages.length}</span>}
      </h2>
      {pages.isPending ? (
        <LoadingState label="Loading pages…" />
      ) : pages.isError ? (
        <ErrorState message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} />
      ) : pages.data.pages.length === 0 ? (
        <EmptyState title="No pages yet" description="This space is empty." />
      ) : (
        <ul aria-label="Pages of this space" className="space-y-0.5 rounded-lg border border-slate-200 p-2">
          {pages.data.pages.map((page) => (
            <li key={page.id} style={{ paddingLeft: `${page.depth * 1.25}rem` }}>
              <span className="flex items-center gap-2 rounded px-2 py-1 text-sm text-slate-700">
                {page.emoji ? (
                  <span aria-hidden className="w-4 text-center">
                    {emojiCharacters(page.emoji)}
                  </span>
                ) : (
                  <FileText aria-hidden className="size-4 shrink-0 text-slate-400" />
                )}
                <span className="truncate">{page.title || "Untitled page"}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
