import { ORGANIZATION_RETENTION_DAYS } from "../config";
import { db } from "../db/client";
import { retentionCutoff } from "../retention";

/**
 * Permanently removes organizations deleted more than ORGANIZATION_RETENTION_DAYS ago, one at a
 * time: everything they hold goes with them (every foreign key to an organization is ON DELETE
 * CASCADE). Accounts stay: a person may belong to other organizations. Returns how many were removed.
 */
export async function purgeDeletedOrganizations(now: Date = new Date()): Promise<number> {
  const due = await db().organization.findMany({ where: { deletedAt: { lt: retentionCutoff(now, ORGANIZATION_RETENTION_DAYS) } }, select: { id: true } });
  let purged = 0;
  for (const { id } of due) {
    // Restored meanwhile: kept.
    const { count } = await db().organization.deleteMany({ where: { id, deletedAt: { lt: retentionCutoff(now, ORGANIZATION_RETENTION_DAYS) } } });
    purged += count;
  }
  return purged;
}
