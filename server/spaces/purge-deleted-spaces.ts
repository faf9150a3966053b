import { SPACE_RETENTION_DAYS } from "../config";
import { db } from "../db/client";
import * as retention from "../retention";

/** Spaces deleted before this instant are past their retention: no longer restorable, due for purge. */
export const retentionCutoff = (now: Date) => retention.retentionCutoff(now, SPACE_RETENTION_DAYS);

/** Whole days a deleted space stays restorable, counting a started day as a day. */
export const daysLeftToRestore = (deletedAt: Date, now: Date) => retention.daysLeftToRestore(deletedAt, now, SPACE_RETENTION_DAYS);

/**
 * Permanently removes spaces deleted more than SPACE_RETENTION_DAYS ago; their revisions and
 * pages go with them (ON DELETE CASCADE). Returns how many spaces were removed.
 */
export async function purgeDeletedSpaces(now: Date = new Date()): Promise<number> {
  const { count } = await db().space.deleteMany({ where: { deletedAt: { lt: retentionCutoff(now) } } });
  return count;
}
