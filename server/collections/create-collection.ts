import type { ServiceContext } from "../context";
import { sortKeyFor } from "../content-tree/position";
import { db } from "../db/client";
import { newId } from "../ids";
import { collectionRole, loadOrganization } from "../policies/access";
import { presentCollection } from "../presenters/collection";
import { assertCanPlaceIn, lockContentTree } from "../content-tree/placement";
import type { CreateCollectionInput } from "./schemas";

const DEFAULT_TITLE = "Untitled collection";

/** Creates a collection at the organization root or in `parent`, after its siblings. */
export async function createCollection(ctx: ServiceContext, organizationId: string, input: CreateCollectionInput) {
  return db().$transaction(async (tx) => {
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    await lockContentTree(tx, [organizationId]);
    const parentId = input.parent ?? null;
    await assertCanPlaceIn(tx, access, parentId);
    const collection = await tx.collection.create({
      data: {
        id: newId(),
        organizationId,
        parentId,
        title: input.title ?? DEFAULT_TITLE,
        sortKey: await sortKeyFor(tx, { organizationId, parentId }),
      },
    });
    const role = await collectionRole(tx, access, collection.id);
    return presentCollection(collection, role, ctx.baseUrl);
  });
}
