import { SPACE_RETENTION_DAYS } from "../config";
import { db } from "../db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spaces deleted before this instant are past their retention: no longer restorable, due for purge. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - SPACE_RETENTION_DAYS * DAY_MS);
}

/** Whole days a deleted space stays restorable, counting a started day as a day. */
export function daysLeftToRestore(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + SPACE_RETENTION_DAYS * DAY_MS - now.getTime()) / DAY_MS));
}

/**
 * Permanently removes spaces deleted more than SPACE_RETENTION_DAYS ago; their revisions and
 * pages go with them (ON DELETE CASCADE). Returns how many spaces were removed.
 */
export async function purgeDeletedSpaces(now: Date = new Date()): Promise<number> {
  const { count } = await db().space.deleteMany({ where: { deletedAt: { lt: retentionCutoff(now) } } });
  return count;
}
