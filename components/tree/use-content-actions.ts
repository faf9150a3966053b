"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { errorMessage } from "@/components/ui/trpc-error";
import { useContentTree, useContentTreeState } from "./content-tree-context";
import { currentKeyOf, indexTree, nodeKey, openHref, subtreeKeys, type CollectionNode, type ContentNode, type Pointer } from "./tree-model";

/**
 * The content actions of the sidebar, home page and dialogs. After each one every query is
 * invalidated: the tree, the trash and the item pages all show what the server now holds.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export type ContentKind = "space" | "collection";

export function useCreateContent() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const router = useRouter();
  const toast = useToast();
  const { organizationId, expand } = useContentTreeState();
  const space = useMutation(trpc.content.createSpace.mutationOptions());
  const collection = useMutation(trpc.content.createCollection.mutationOptions());

  async function create(kind: ContentKind, parent: CollectionNode | null, title: string) {
    const data = { title, ...(parent ? { parent: parent.id } : {}) };
    const created =
      kind === "space"
        ? // Without the placeholder Introduction page: the space opens on its empty state (Start writing, templates, import).
          { type: "space" as const, ...(await space.mutateAsync({ organizationId, ...data, empty: true })) }
        : { type: "collection" as const, ...(await collection.mutateAsync({ organizationId, ...data })) };
    if (parent) expand([nodeKey(parent)]);
    await refresh();
    toast.success(`${kind === "space" ? "Space" : "Collection"} “${created.title}” created`);
    router.push(openHref(organizationId, created));
  }

  return {
    create,
    isPending: space.isPending || collection.isPending,
    error: space.error ?? collection.error,
    reset: () => (space.reset(), collection.reset()),
  };
}

export function useRenameContent() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const toast = useToast();
  const space = useMutation(trpc.content.renameSpace.mutationOptions());
  const collection = useMutation(trpc.content.renameCollection.mutationOptions());

  /** Resolves true once renamed; a failure is reported in a toast and resolves false. */
  async function rename(node: ContentNode, title: string): Promise<boolean> {
    try {
      if (node.type === "space") await space.mutateAsync({ spaceId: node.id, title });
      else await collection.mutateAsync({ collectionId: node.id, title });
    } catch (error) {
      toast.error(`Could not rename “${node.title}”: ${errorMessage(error)}`);
      return false;
    }
    await refresh();
    return true;
  }

  return { rename, isPending: space.isPending || collection.isPending };
}

export type MoveTarget = { parent: CollectionNode | null; position?: { before?: Pointer; after?: Pointer } };

export function useMoveContent() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const toast = useToast();
  const { expand } = useContentTreeState();
  const space = useMutation(trpc.content.moveSpace.mutationOptions());
  const collection = useMutation(trpc.content.moveCollection.mutationOptions());
  const [movingKey, setMovingKey] = useState<string | null>(null);

  const tree = useContentTree();

  /** "Moved X to Y", or just "Moved X" when it only changed place among its siblings. */
  function describeMove(node: ContentNode, target: MoveTarget): string {
    const from = indexTree(tree.data?.items ?? []).get(nodeKey(node))?.parent ?? null;
    if ((from?.id ?? null) === (target.parent?.id ?? null)) return `Moved “${node.title}”`;
    return `Moved “${node.title}” ${target.parent ? `to “${target.parent.title}”` : "to the top level"}`;
  }

  /** Moves `node`; throws the server's error (dialogs show it inline, drag and drop in a toast). */
  async function move(node: ContentNode, target: MoveTarget) {
    const data = { parent: target.parent?.id ?? null, ...(target.position ? { position: target.position } : {}) };
    const message = describeMove(node, target);
    setMovingKey(nodeKey(node));
    try {
      if (node.type === "space") await space.mutateAsync({ spaceId: node.id, ...data });
      else await collection.mutateAsync({ collectionId: node.id, ...data });
      if (target.parent) expand([nodeKey(target.parent)]);
      await refresh();
      toast.success(message);
    } finally {
      setMovingKey(null);
    }
  }

  return { move, movingKey, isPending: space.isPending || collection.isPending, error: space.error ?? collection.error, reset: () => (space.reset(), collection.reset()) };
}

export function useDeleteContent() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const toast = useToast();
  const router = useRouter();
  const pathname = usePathname();
  const { organizationId } = useContentTreeState();
  const space = useMutation(trpc.content.deleteSpace.mutationOptions());
  const collection = useMutation(trpc.content.deleteCollection.mutationOptions());

  async function remove(node: ContentNode) {
    if (node.type === "space") await space.mutateAsync({ spaceId: node.id });
    else await collection.mutateAsync({ collectionId: node.id });
    // The page on screen may show what was just deleted: leave it before it fails to load.
    const current = currentKeyOf(pathname);
    if (current && subtreeKeys(node).includes(current)) router.push(`/o/${organizationId}`);
    await refresh();
    toast.success(node.type === "space" ? `“${node.title}” moved to the trash` : `Collection “${node.title}” deleted`);
  }

  return { remove, isPending: space.isPending || collection.isPending, error: space.error ?? collection.error, reset: () => (space.reset(), collection.reset()) };
}
