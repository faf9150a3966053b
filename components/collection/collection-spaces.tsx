"use client";

import { useQuery } from "@tanstack/react-query";
import { BookOpen, ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTRPC } from "@/components/providers/trpc-provider";
import { VISIBILITIES } from "@/components/space/content-options";
import { emojiCharacters } from "@/components/space/emoji";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useContentDialogs } from "@/components/tree/content-dialogs";
import { useContentTree } from "@/components/tree/content-tree-context";
import { creatableCollection, openHref } from "@/components/tree/tree-model";
import { Button } from "@/components/ui/button";

/** Spaces directly in the collection that the caller can see, as links to them. */
export function CollectionSpaces({ organizationId, collectionId }: { organizationId: string; collectionId: string }) {
  const trpc = useTRPC();
  const spaces = useQuery(trpc.settings.spacesInCollection.queryOptions({ collectionId }));
  const tree = useContentTree();
  const dialogs = useContentDialogs();
  const parent = tree.data ? creatableCollection(tree.data.items, collectionId) : null;
  return (
    <section aria-labelledby="collection-spaces-title" className="space-y-3">
      <h2 id="collection-spaces-title" className="text-base font-semibold text-slate-900">
        Spaces
        {spaces.data && <span className="ml-2 text-sm font-normal text-slate-500">{spaces.data.count}</span>}
      </h2>
      {spaces.isPending ? (
        <LoadingState label="Loading spaces…" />
      ) : spaces.isError ? (
        <ErrorState message={errorMessage(spaces.error)} onRetry={() => void spaces.refetch()} />
      ) : spaces.data.items.length === 0 ? (
        <EmptyState
          title="No spaces in this collection"
          description="Spaces created in or moved to this collection appear here."
          action={
            parent && (
              <Button variant="secondary" onClick={() => dialogs.openCreate("space", parent)}>
                New space
              </Button>
            )
          }
        />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {spaces.data.items.map((space) => {
            const emoji = emojiCharacters(space.emoji);
            return (
              <li key={space.id}>
                <Link
                  href={openHref(organizationId, { type: "space", id: space.id })}
                  className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-md bg-slate-100 text-base">
                    {emoji || <BookOpen className="size-4 text-slate-500" />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{space.title}</span>
                    <span className="block text-sm text-slate-500">{VISIBILITIES.find((choice) => choice.value === space.visibility)?.label ?? space.visibility}</span>
                  </span>
                  <ChevronRight aria-hidden className="size-4 text-slate-400 group-hover:text-slate-600" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
