import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Collection, Organization, Space } from "../db/generated/client";
import { loadOrganization, visibleContentFilters } from "../policies/access";
import type { Role } from "../policies/roles";
import { collectionPermissions, spacePermissions } from "../policies/content";

export type CollectionNode = {
  type: "collection";
  id: string;
  title: string;
  parentId: string | null;
  permissions: ReturnType<typeof collectionPermissions>;
  children: ContentNode[];
};
export type SpaceNode = {
  type: "space";
  id: string;
  title: string;
  emoji?: string;
  parentId: string | null;
  permissions: ReturnType<typeof spacePermissions>;
  children: [];
};
export type ContentNode = CollectionNode | SpaceNode;

type Ordered = { node: ContentNode; sortKey: number };

/** The tree with the organization it is of and the caller's role there; no URL: the edge presents the organization (server/presenters/content-tree.ts). */
export type ContentTreeRecord = { organization: Organization; memberRole: Role | null; items: ContentNode[] };

/**
 * The content tree of an organization as the caller sees it: collections and live spaces,
 * nested, each level in the shared sibling order (sortKey, then id, as position.ts orders).
 * An item visible under a collection the caller cannot see is shown at the top level, after
 * the items that really are there.
 */
export async function getContentTree(ctx: ServiceContext, organizationId: string): Promise<ContentTreeRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { resolver, collectionWhere, spaceWhere } = await visibleContentFilters(db(), access);
  const [collections, spaces] = await Promise.all([
    db().collection.findMany({ where: { AND: [{ organizationId }, collectionWhere] } }),
    db().space.findMany({ where: { AND: [{ organizationId, deletedAt: null }, spaceWhere] } }),
  ]);

  const entries: Ordered[] = [
    ...collections.map((collection) => ({ node: collectionNode(collection, resolver.collection(collection)), sortKey: collection.sortKey })),
    ...spaces.map((space) => ({ node: spaceNode(space, resolver.space(space)), sortKey: space.sortKey })),
  ];
  return { organization: access.organization, memberRole: access.memberRole, items: nest(entries) };
}

function collectionNode(collection: Collection, role: Role | null): CollectionNode {
  return { type: "collection", id: collection.id, title: collection.title, parentId: collection.parentId, permissions: collectionPermissions(role), children: [] };
}

function spaceNode(space: Space, role: Role | null): SpaceNode {
  return {
    type: "space",
    id: space.id,
    title: space.title,
    ...(space.emoji ? { emoji: space.emoji } : {}),
    parentId: space.parentId,
    permissions: spacePermissions(role, space),
    children: [],
  };
}

function nest(entries: Ordered[]): ContentNode[] {
  const sorted = [...entries].sort((a, b) => a.sortKey - b.sortKey || a.node.id.localeCompare(b.node.id));
  const collectionsById = new Map<string, CollectionNode>();
  for (const { node } of sorted) if (node.type === "collection") collectionsById.set(node.id, node);
  const roots: ContentNode[] = [];
  const orphans: ContentNode[] = [];
  for (const { node } of sorted) {
    const parent = node.parentId ? collectionsById.get(node.parentId) : undefined;
    (parent ? parent.children : node.parentId ? orphans : roots).push(node);
  }
  // Items whose collection is hidden have no place among the top-level ones: they follow them.
  return [...roots, ...orphans];
}
