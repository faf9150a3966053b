const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What is deleted stays restorable for a number of days, then a purge job removes it for good
 * (spaces: SPACE_RETENTION_DAYS; organizations: ORGANIZATION_RETENTION_DAYS).
 */

/** Things deleted before this instant are past their retention: no longer restorable, due for purge. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Whole days a deleted thing stays restorable, counting a started day as a day. */
export function daysLeftToRestore(deletedAt: Date, now: Date, days: number): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + days * DAY_MS - now.getTime()) / DAY_MS));
}
