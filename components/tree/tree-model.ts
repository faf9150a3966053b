import type { ContentPosition } from "@/server/content-tree/position";
import type { CollectionNode, ContentNode } from "@/server/content-tree/get-content-tree";

export type { CollectionNode, ContentNode, SpaceNode } from "@/server/content-tree/get-content-tree";
export type Pointer = NonNullable<ContentPosition["before"]>;

/** Collections and spaces live in different tables: a key names both the kind and the id. */
export const nodeKey = (node: Pick<ContentNode, "type" | "id">) => `${node.type}:${node.id}`;

/** An item's own address: a collection's page, a space's settings (where a new space is set up). */
export const nodeHref = (organizationId: string, node: Pick<ContentNode, "type" | "id">) =>
  `/o/${organizationId}/${node.type === "space" ? "s" : "c"}/${node.id}`;

/** Where opening an item leads: a space opens on its content, as readers see it. */
export const openHref = (organizationId: string, node: Pick<ContentNode, "type" | "id">) =>
  node.type === "space" ? `${nodeHref(organizationId, node)}/content` : nodeHref(organizationId, node);

export const pointerTo = (node: ContentNode): Pointer =>
  node.type === "space" ? { type: "space", space: node.id } : { type: "collection", collection: node.id };

/** Whether an item may be renamed, moved or deleted: all three need the admin role on it. */
export const canManage = (node: ContentNode) => node.permissions.admin;

/** Whether new content may be created inside a collection. */
export const canCreateIn = (node: ContentNode): node is CollectionNode => node.type === "collection" && node.permissions.create;

export type PlacedNode = { node: ContentNode; parent: CollectionNode | null; depth: number };

/** Every node of the tree by key, with its parent as displayed and its depth (0 at the top level). */
export function indexTree(items: ContentNode[]): Map<string, PlacedNode> {
  const index = new Map<string, PlacedNode>();
  const visit = (nodes: ContentNode[], parent: CollectionNode | null, depth: number) => {
    for (const node of nodes) {
      index.set(nodeKey(node), { node, parent, depth });
      if (node.type === "collection") visit(node.children, node, depth + 1);
    }
  };
  visit(items, null, 0);
  return index;
}

/** A collection of the tree in which the caller may create content, by id; null otherwise. */
export function creatableCollection(items: ContentNode[], collectionId: string): CollectionNode | null {
  const node = indexTree(items).get(nodeKey({ type: "collection", id: collectionId }))?.node;
  return node && canCreateIn(node) ? node : null;
}

/** The nodes a keyboard user walks through: expanded collections show their children. */
export function visibleNodes(items: ContentNode[], expanded: ReadonlySet<string>): PlacedNode[] {
  const out: PlacedNode[] = [];
  const visit = (nodes: ContentNode[], parent: CollectionNode | null, depth: number) => {
    for (const node of nodes) {
      out.push({ node, parent, depth });
      if (node.type === "collection" && expanded.has(nodeKey(node))) visit(node.children, node, depth + 1);
    }
  };
  visit(items, null, 0);
  return out;
}

/** All collections, depth-first in display order, with the collections above each: the targets of a move. */
export function collectionsInOrder(items: ContentNode[]): { node: CollectionNode; path: CollectionNode[] }[] {
  const out: { node: CollectionNode; path: CollectionNode[] }[] = [];
  const visit = (nodes: ContentNode[], path: CollectionNode[]) => {
    for (const node of nodes) {
      if (node.type !== "collection") continue;
      out.push({ node, path });
      visit(node.children, [...path, node]);
    }
  };
  visit(items, []);
  return out;
}

/**
 * The items placed directly under `parent` (null: the top level), the ones a position may
 * point at. The top level also shows items whose collection the caller cannot see: they are
 * not its siblings on the server, so they are left out.
 */
export function siblingsIn(items: ContentNode[], parent: CollectionNode | null): ContentNode[] {
  return (parent ? parent.children : items).filter((node) => node.parentId === (parent?.id ?? null));
}

/** Whether a node sits where it is shown (false for an item of a hidden collection shown at the top level). */
export const placedUnderItsParent = ({ node, parent }: PlacedNode) => node.parentId === (parent?.id ?? null);

/** Keys of a node and everything nested in it. */
export function subtreeKeys(node: ContentNode): string[] {
  return [nodeKey(node), ...(node.type === "collection" ? node.children.flatMap(subtreeKeys) : [])];
}

export function countSpaces(node: ContentNode): number {
  return node.type === "space" ? 1 : node.children.reduce((sum, child) => sum + countSpaces(child), 0);
}

/** The collections from the top level down to `key`'s parent, so that `key` can be shown. */
export function ancestorKeys(index: Map<string, PlacedNode>, key: string): string[] {
  const keys: string[] = [];
  for (let parent = index.get(key)?.parent; parent; parent = index.get(nodeKey(parent))?.parent) keys.unshift(nodeKey(parent));
  return keys;
}

/** The item a pathname shows (`/o/<org>/s/<id>` or `/o/<org>/c/<id>`, and pages below them), if any. */
export function currentKeyOf(pathname: string): string | null {
  const match = /^\/o\/[^/]+\/(s|c)\/([^/]+)/.exec(pathname);
  if (!match) return null;
  return `${match[1] === "s" ? "space" : "collection"}:${decodeURIComponent(match[2]!)}`;
}
