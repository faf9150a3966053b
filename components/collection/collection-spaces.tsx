"use client";

import { useQuery } from "@tanstack/react-query";
import { BookOpen, ChevronRight, Folder, Plus } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useTRPC } from "@/components/providers/trpc-provider";
import { VISIBILITIES } from "@/components/space/content-options";
import { emojiCharacters } from "@/components/space/emoji";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useContentDialogs } from "@/components/tree/content-dialogs";
import { useContentTree } from "@/components/tree/content-tree-context";
import { creatableCollection, indexTree, nodeKey, openHref, type CollectionNode } from "@/components/tree/tree-model";
import { Button } from "@/components/ui/button";

/**
 * What the collection holds that the caller can see: the collections nested in it (from the
 * sidebar's content tree, already loaded) and its spaces, as links to them; "New space here" for
 * those who may create in it.
 */
export function CollectionSpaces({ organizationId, collectionId }: { organizationId: string; collectionId: string }) {
  const trpc = useTRPC();
  const spaces = useQuery(trpc.settings.spacesInCollection.queryOptions({ collectionId }));
  const tree = useContentTree();
  const dialogs = useContentDialogs();
  const parent = tree.data ? creatableCollection(tree.data.items, collectionId) : null;
  const self = tree.data ? indexTree(tree.data.items).get(nodeKey({ type: "collection", id: collectionId }))?.node : undefined;
  const nested = self?.type === "collection" ? self.children.filter((child): child is CollectionNode => child.type === "collection") : [];
  return (
    <div className="space-y-8">
    {nested.length > 0 && (
      <section aria-labelledby="collection-nested-title" className="space-y-3">
        <h2 id="collection-nested-title" className="text-base font-semibold text-slate-900">
          Collections
          <span className="ml-2 text-sm font-normal text-slate-500">{nested.length}</span>
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {nested.map((collection) => (
            <li key={collection.id}>
              <IntentLink href={openHref(organizationId, collection)} className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
                <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-md bg-slate-100 text-base">
                  <Folder className="size-4 text-slate-500" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{collection.title}</span>
                  <span className="block text-sm text-slate-500">
                    {collection.children.length === 0 ? "Empty" : `${collection.children.length} ${collection.children.length === 1 ? "item" : "items"}`}
                  </span>
                </span>
                <ChevronRight aria-hidden className="size-4 text-slate-400 group-hover:text-slate-600" />
              </IntentLink>
            </li>
          ))}
        </ul>
      </section>
    )}
    <section aria-labelledby="collection-spaces-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="collection-spaces-title" className="text-base font-semibold text-slate-900">
          Spaces
          {spaces.data && <span className="ml-2 text-sm font-normal text-slate-500">{spaces.data.count}</span>}
        </h2>
        {parent && spaces.data && spaces.data.items.length > 0 && (
          <Button variant="secondary" onClick={() => dialogs.openCreate("space", parent)}>
            <Plus aria-hidden className="size-4" />
            New space here
          </Button>
        )}
      </div>
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
                <IntentLink
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
                </IntentLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
    </div>
  );
}
