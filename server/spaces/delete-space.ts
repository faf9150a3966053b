import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { AppError } from "../errors";
import { loadSpace } from "../policies/access";
import { removeSpaceFromSites } from "../sites/structure/space-removal";
import { authorize } from "../policies/authorize";

/**
 * Moves a space to the trash: it disappears from reads and lists, stays restorable for
 * SPACE_RETENTION_DAYS, then the purge job removes it. A space that is absent, invisible to
 * the caller or already deleted is simply done (DELETE answers 204 either way). It leaves the
 * sites showing it at once.
 */
export async function deleteSpace(ctx: ServiceContext, spaceId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    let access;
    try {
      access = await loadSpace(tx, ctx.actor, spaceId);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return events.nothingChanged();
      throw error;
    }
    const { space } = access;
    authorize(access, "space.delete", space);
    await tx.space.updateMany({ where: { id: spaceId, deletedAt: null }, data: { deletedAt: new Date() } });
    await removeSpaceFromSites(tx, events, space);
    events.record({ organizationId: space.organizationId, action: "space.deleted", target: { type: "space", id: space.id, label: space.title } });
  });
}
