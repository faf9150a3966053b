import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { AppError, forbidden } from "../errors";
import { loadSpace } from "../policies/access";
import { spacePermissions } from "../presenters/permissions";

/**
 * Moves a space to the trash: it disappears from reads and lists, stays restorable for
 * SPACE_RETENTION_DAYS, then the purge job removes it. A space that is absent, invisible to
 * the caller or already deleted is simply done (DELETE answers 204 either way).
 */
export async function deleteSpace(ctx: ServiceContext, spaceId: string): Promise<void> {
  let access;
  try {
    access = await loadSpace(db(), ctx.actor, spaceId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return;
    throw error;
  }
  if (!spacePermissions(access.role, access.space).admin) throw forbidden(`Deleting space ${spaceId} needs the admin role on it.`);
  await db().space.updateMany({ where: { id: spaceId, deletedAt: null }, data: { deletedAt: new Date() } });
}
