import type { Db } from "../db/client";
import type { Space } from "../db/generated/client";
import { fieldError } from "../errors";
import { collectionRole, type OrgAccess } from "../policies/access";
import { authorize } from "../policies/authorize";

/**
 * Checks that the caller may put a collection or space under `parentId` (a collection of the
 * organization in `access`, or its root when null). A collection the caller cannot see, or one of
 * another organization, is reported as absent.
 */
export async function assertCanPlaceIn(tx: Db, access: OrgAccess, parentId: string | null): Promise<void> {
  if (parentId === null) {
    authorize(access, "organization.createContent");
    return;
  }
  const collection = await tx.collection.findFirst({ where: { id: parentId, organizationId: access.organization.id }, select: { id: true } });
  if (!collection) throw fieldError("parent", `No collection ${parentId}`);
  const role = await collectionRole(tx, access, parentId);
  if (role === null) throw fieldError("parent", `No collection ${parentId}`);
  authorize({ role }, "collection.create");
}

/** `in-collection` only means something inside a collection: at the root it falls back to private. */
export function visibilityUnder(visibility: Space["visibility"], parentId: string | null): string {
  return visibility === "in-collection" && parentId === null ? "private" : visibility;
}

/**
 * Serializes changes to an organization's content tree (create, move, delete, transfer):
 * two concurrent moves could otherwise form a cycle, or a delete miss a child moved in
 * meanwhile. NO KEY UPDATE leaves inserts referencing the organization unblocked.
 */
export async function lockContentTree(tx: Db, organizationIds: string[]): Promise<void> {
  // A fixed order, so two transactions locking the same pair cannot deadlock.
  for (const id of [...new Set(organizationIds)].sort()) {
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${id} FOR NO KEY UPDATE`;
  }
}

/** Locks the content tree of the organization owning a collection, before reading the collection. */
export async function lockContentTreeOf(tx: Db, collectionId: string): Promise<void> {
  await tx.$queryRaw`
    SELECT o.id FROM organizations o JOIN collections c ON c.organization_id = o.id
    WHERE c.id = ${collectionId} FOR NO KEY UPDATE OF o`;
}
