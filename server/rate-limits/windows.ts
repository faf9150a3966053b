import { z } from "zod";
import { db } from "../db/client";
import { defineJob } from "../jobs/job-kind";

/**
 * Fixed-window rate limits counted in PostgreSQL, so that every app server sees the same count: one
 * atomic upsert per use, whose returned count decides, so that many requests at once cannot all
 * slip under a limit (counting, then writing, lets them).
 */

export type WindowRule = { limit: number; windowSeconds: number };

/**
 * Counts one use of `key` in the current window (windows start at multiples of the rule's length);
 * true while the window's count is within the limit.
 */
export async function takeFromWindow(key: string, rule: WindowRule, now = new Date()): Promise<boolean> {
  const length = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / length) * length);
  const end = new Date(start.getTime() + length);
  const [row] = await db().$queryRaw<{ count: number }[]>`
    INSERT INTO rate_windows AS w (key, window_start, expires_at, count)
    VALUES (${key}, ${start}::timestamptz, ${end}::timestamptz, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = w.count + 1
    RETURNING count`;
  return row!.count <= rule.limit;
}

const PURGE_BATCH = 5_000;

/** Deletes windows that are over, in batches; returns how many. */
export async function purgeRateWindows(now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db().$executeRaw`
      DELETE FROM rate_windows WHERE (key, window_start) IN (
        SELECT key, window_start FROM rate_windows WHERE expires_at < ${now}::timestamptz LIMIT ${PURGE_BATCH})`;
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}

/** Every ten minutes: windows that are over are deleted, so the table holds only current ones. */
export const purgeRateWindowsJob = defineJob({
  name: "purge-rate-windows",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  work: {},
  schedule: "*/10 * * * *",
  async handle() {
    return { purged: await purgeRateWindows() };
  },
});
