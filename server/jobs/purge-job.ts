import type { Job } from "pg-boss";
import { purgeDeletedSpaces } from "../spaces/purge-deleted-spaces";

/** Queue of the hourly job that permanently removes spaces past their retention. */
export const PURGE_DELETED_SPACES_JOB = "purge-deleted-spaces";
export const PURGE_DELETED_SPACES_CRON = "0 * * * *";

/** Handler of the purge job; the count becomes the job's output. Idempotent, so retries are safe. */
export async function runPurgeJob(_jobs: Job<object>[]): Promise<{ purged: number }> {
  const purged = await purgeDeletedSpaces();
  if (purged > 0) console.info(`Purged ${purged} deleted space(s) past their retention.`);
  return { purged };
}
