import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { AppError } from "../errors";
import { loadCollection } from "../policies/access";
import { lockContentTreeOf } from "../content-tree/placement";
import { collectionSubtreeIds } from "./queries";
import { authorize } from "../policies/authorize";

/**
 * Deletes a collection with the collections nested in it; every space inside, at any depth,
 * goes to the trash at the root (so a restore lands somewhere that still exists).
 * Absent or invisible collections are already "deleted": no error.
 */
export async function deleteCollection(ctx: ServiceContext, collectionId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    await lockContentTreeOf(tx, collectionId);
    const access = await loadCollection(tx, ctx.actor, collectionId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") return null;
      throw error;
    });
    if (!access) return events.nothingChanged();
    authorize(access, "collection.delete");
    const ids = await collectionSubtreeIds(tx, collectionId);
    const now = new Date();
    await tx.space.updateMany({ where: { parentId: { in: ids }, deletedAt: null }, data: { deletedAt: now, parentId: null } });
    // Spaces already in the trash keep their deletion time but leave the collections too.
    await tx.space.updateMany({ where: { parentId: { in: ids } }, data: { parentId: null } });
    events.record({ organizationId: access.organization.id, action: "collection.deleted", target: { type: "collection", id: collectionId, label: access.collection.title }, payload: { collections: ids.length } });
    await tx.collection.deleteMany({ where: { id: { in: ids } } });
  });
}
