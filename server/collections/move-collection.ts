import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { moveInTree } from "../content-tree/position";
import { assertCanPlaceIn, lockContentTreeOf } from "../content-tree/placement";
import { fieldError } from "../errors";
import { collectionRole, loadCollection } from "../policies/access";
import type { CollectionRecord } from "./records";
import { collectionSubtreeIds } from "./queries";
import type { MoveCollectionInput } from "./schemas";
import { authorize } from "../policies/authorize";

/** Moves a collection under another parent (null: the root) and/or to a position among its siblings. */
export async function moveCollection(ctx: ServiceContext, collectionId: string, input: MoveCollectionInput): Promise<CollectionRecord> {
  return writeChange(ctx, async (tx, events) => {
    await lockContentTreeOf(tx, collectionId);
    const access = await loadCollection(tx, ctx.actor, collectionId);
    const { collection, organization } = access;
    authorize(access, "collection.move");

    const parentId = input.parent === undefined ? collection.parentId : input.parent;
    if (parentId !== null && parentId !== collection.parentId && (await collectionSubtreeIds(tx, collectionId)).includes(parentId)) {
      throw fieldError("parent", "A collection cannot be moved into itself or one of its descendants");
    }
    await assertCanPlaceIn(tx, access, parentId);
    const moved = await moveInTree(
      tx,
      { organizationId: organization.id, fromParentId: collection.parentId, toParentId: parentId, position: input.position, moving: { type: "collection", id: collectionId } },
      (sortKey) => tx.collection.update({ where: { id: collectionId }, data: { parentId, sortKey } }),
    );
    const role = await collectionRole(tx, access, collectionId);
    events.record({ organizationId: moved.organizationId, action: "collection.moved", target: { type: "collection", id: moved.id, label: moved.title }, payload: { parent: moved.parentId } });
    return { ...moved, role };
  });
}
