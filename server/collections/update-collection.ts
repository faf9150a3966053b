import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { collectionRole, loadCollection } from "../policies/access";
import type { CollectionRecord } from "./records";
import type { UpdateCollectionInput } from "./schemas";
import { authorize } from "../policies/authorize";

/** Changes a collection's title, description or default level; fields left out stay as they are. */
export async function updateCollection(ctx: ServiceContext, collectionId: string, input: UpdateCollectionInput): Promise<CollectionRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadCollection(tx, ctx.actor, collectionId);
    const { collection, role } = access;
    authorize({ role }, "collection.update");
    if (input.title === undefined && input.description === undefined && input.defaultLevel === undefined) {
      events.nothingChanged();
      return { ...collection, role };
    }
    const updated = await tx.collection.update({
      where: { id: collectionId },
      data: { title: input.title, description: input.description, defaultLevel: input.defaultLevel },
    });
    // A new default level can change the caller's own role on the collection.
    const newRole = await collectionRole(tx, access, collectionId);
    events.record({ organizationId: updated.organizationId, action: "collection.updated", target: { type: "collection", id: updated.id, label: updated.title }, payload: input });
    return { ...updated, role: newRole };
  });
}
