import type { ServiceContext } from "../context";
import { db, type Db, type Prisma } from "../db/client";
import { paginateModel, type ListParams } from "../pagination";
import { loadCollection, loadOrganization, visibleContentFilters } from "../policies/access";
import { spaceRecords } from "../spaces/records";
import type { CollectionRecord } from "./records";
import type { ListCollectionsParams } from "./schemas";

export async function getCollection(ctx: ServiceContext, collectionId: string): Promise<CollectionRecord> {
  const { collection, role } = await loadCollection(db(), ctx.actor, collectionId);
  return { ...collection, role };
}

/** Collections of an organization the caller can see, by id; `nested: false` keeps the root level only. */
export async function listCollectionsInOrganization(ctx: ServiceContext, organizationId: string, params: ListCollectionsParams) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { resolver, collectionWhere } = await visibleContentFilters(db(), access);
  const where: Prisma.CollectionWhereInput = {
    AND: [{ organizationId }, collectionWhere, params.nested ? {} : { parentId: null }],
  };
  const page = await paginateModel(params, db().collection, where);
  return { ...page, items: page.items.map((collection): CollectionRecord => ({ ...collection, role: resolver.collection(collection) })) };
}

/** Spaces directly in a collection (not in its sub-collections), not deleted, that the caller can see. */
export async function listSpacesInCollection(ctx: ServiceContext, collectionId: string, params: ListParams) {
  const access = await loadCollection(db(), ctx.actor, collectionId);
  const { resolver, spaceWhere } = await visibleContentFilters(db(), access);
  const where: Prisma.SpaceWhereInput = {
    AND: [{ organizationId: access.organization.id, parentId: collectionId, deletedAt: null }, spaceWhere],
  };
  const page = await paginateModel(params, db().space, where);
  return { ...page, items: await spaceRecords(db(), page.items, resolver.space) };
}

/** The collection and every collection nested in it, at any depth. */
export async function collectionSubtreeIds(tx: Db, collectionId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE subtree AS (
      SELECT id, 1 AS depth FROM collections WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id, subtree.depth + 1 FROM collections c JOIN subtree ON c.parent_id = subtree.id
      WHERE subtree.depth < 64
    )
    SELECT id FROM subtree`;
  return rows.map((row) => row.id);
}
