import { sortKeyFor } from "../content-tree/position";
import type { ServiceContext } from "../context";
import { SPACE_RETENTION_DAYS } from "../config";
import { fieldError } from "../errors";
import { loadSpace, spaceRoleOf } from "../policies/access";
import { visibilityUnder } from "../content-tree/placement";
import { retentionCutoff } from "./purge-deleted-spaces";
import { writeSpace } from "./write-space";
import { spaceRecord, type SpaceRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Brings a deleted space back, within SPACE_RETENTION_DAYS of its deletion. It returns to
 * the end of its parent collection; when that collection is gone (the foreign key then
 * cleared `parentId`), to the end of the organization root.
 */
export async function restoreSpace(ctx: ServiceContext, spaceId: string, now: Date = new Date()): Promise<SpaceRecord> {
  return writeSpace(ctx, spaceId, { lock: "space" }, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId, { deleted: true });
    const { space, role } = access;
    authorize({ role }, "space.restore", space);
    if (space.deletedAt! < retentionCutoff(now)) {
      throw fieldError(
        "spaceId",
        `Space ${spaceId} was deleted on ${space.deletedAt!.toISOString()}, more than ${SPACE_RETENTION_DAYS} days ago, and can no longer be restored`,
      );
    }
    const parent = space.parentId ? await tx.collection.findUnique({ where: { id: space.parentId }, select: { id: true } }) : null;
    const parentId = parent?.id ?? null;
    const restored = await tx.space.update({
      where: { id: spaceId },
      data: {
        deletedAt: null,
        parentId,
        visibility: visibilityUnder(space.visibility, parentId),
        // Siblings were reordered meanwhile; its old key may now collide, so it rejoins at the end.
        sortKey: await sortKeyFor(tx, { organizationId: space.organizationId, parentId }),
      },
    });
    events.record({ organizationId: restored.organizationId, action: "space.restored", target: { type: "space", id: restored.id, label: restored.title } });
    return spaceRecord(tx, restored, await spaceRoleOf(tx, access, restored));
  });
}
