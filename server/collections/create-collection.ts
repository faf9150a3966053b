import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { sortKeyFor } from "../content-tree/position";
import { newId } from "../ids";
import { collectionRole, loadOrganization } from "../policies/access";
import type { CollectionRecord } from "./records";
import { assertCanPlaceIn, lockContentTree } from "../content-tree/placement";
import type { CreateCollectionInput } from "./schemas";

const DEFAULT_TITLE = "Untitled collection";

/** Creates a collection at the organization root or in `parent`, after its siblings. */
export async function createCollection(ctx: ServiceContext, organizationId: string, input: CreateCollectionInput): Promise<CollectionRecord> {
  return writeChange(ctx, async (tx, events) => {
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
    events.record({ organizationId, action: "collection.created", target: { type: "collection", id: collection.id, label: collection.title }, payload: { parent: collection.parentId } });
    return { ...collection, role };
  });
}
