"use client";

import { BookPlus, FolderPlus } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { WaitingForYou } from "@/components/home/waiting-for-you";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { ContentIcon } from "./content-icon";
import { useContentDialogs } from "./content-dialogs";
import { useContentTree, useContentTreeState } from "./content-tree-context";
import { countSpaces, openHref, nodeKey, type CollectionNode, type ContentNode } from "./tree-model";

/** The organization's home: what waits on the signed-in person, then its top-level collections and spaces as cards. */
export function ContentOverview() {
  const tree = useContentTree();
  const dialogs = useContentDialogs();

  if (tree.isPending) return <LoadingState label="Loading content…" />;
  if (tree.isError) {
    return (
      <div className="p-6">
        <ErrorState message={errorMessage(tree.error)} onRetry={() => void tree.refetch()} />
      </div>
    );
  }

  const { organization, items } = tree.data;
  const canCreate = organization.permissions.createContent;
  const createButtons = canCreate && (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => dialogs.openCreate("space", null)}>
        <BookPlus aria-hidden className="size-4" /> New space
      </Button>
      <Button variant="secondary" onClick={() => dialogs.openCreate("collection", null)}>
        <FolderPlus aria-hidden className="size-4" /> New collection
      </Button>
    </div>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">Organization</p>
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{organization.title}</h1>
        </div>
        {items.length > 0 && createButtons}
      </div>
      <WaitingForYou organizationId={organization.id} />
      <section aria-labelledby="overview-heading" className="mt-8">
        <h2 id="overview-heading" className="mb-3 text-sm font-medium text-slate-500">
          Content
        </h2>
        {items.length === 0 ? (
          <EmptyState
            title="No spaces yet"
            description={
              canCreate
                ? "A space holds a set of pages, like a product's documentation. Collections group spaces together."
                : "Nothing has been shared with you in this organization yet."
            }
            action={createButtons || undefined}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((node) => (
              <li key={nodeKey(node)}>
                <ContentCard node={node} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ContentCard({ node }: { node: ContentNode }) {
  const { organizationId } = useContentTreeState();
  const detail = node.type === "space" ? "Space" : `Collection · ${describeContents(node)}`;
  return (
    <IntentLink
      href={openHref(organizationId, node)}
      className="group flex h-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs transition hover:border-indigo-300 hover:shadow-sm"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-100 group-hover:bg-indigo-50">
        <ContentIcon node={node} className="size-5 text-base" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900 group-hover:text-indigo-700">{node.title}</span>
        <span className="mt-0.5 block truncate text-xs text-slate-500">{detail}</span>
      </span>
    </IntentLink>
  );
}

/** "2 collections, 5 spaces" (spaces at any depth), or "empty". */
function describeContents(collection: CollectionNode): string {
  const collections = collection.children.filter((child) => child.type === "collection").length;
  const spaces = countSpaces(collection);
  const parts = [
    ...(collections ? [`${collections} collection${collections === 1 ? "" : "s"}`] : []),
    ...(spaces ? [`${spaces} space${spaces === 1 ? "" : "s"}`] : []),
  ];
  return parts.length ? parts.join(", ") : "empty";
}
