import { z } from "zod";
import { db } from "../db/client";
import { defineJob } from "../jobs/job-kind";
import { FEED_RETENTION_DAYS } from "./feed";

const BATCH = 5_000;

/**
 * Deletes the feed's events older than the retention (their deliveries and attempts cascade), in
 * batches so that no statement holds locks on a busy feed for long. Returns how many were deleted.
 */
export async function purgeExpiredOrganizationEvents(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FEED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await db().$executeRaw`
      DELETE FROM organization_events WHERE id IN (
        SELECT id FROM organization_events WHERE created_at < ${before} LIMIT ${BATCH})`;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Daily: the event feed keeps FEED_RETENTION_DAYS days. Idempotent, so retries are safe. */
export const purgeOrganizationEventsJob = defineJob({
  name: "purge-organization-events",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  work: {},
  schedule: "17 3 * * *",
  async handle() {
    const purged = await purgeExpiredOrganizationEvents();
    if (purged > 0) console.info(`Deleted ${purged} organization event(s) past the feed's ${FEED_RETENTION_DAYS}-day retention.`);
    return { purged };
  },
});
