import type { Job, SendOptions } from "pg-boss";
import { importLimits, importWaitMs, type ImportLimits } from "../import/limits";
import { runImport } from "../import/run-import";
import { fetchAllowlist, safeFetch } from "../net/safe-fetch";
import { fileStorage } from "../storage/file-storage";

/** Queue of content imports: one job per import, naming its row in `content_imports`. */
export const CONTENT_IMPORT_JOB = "content-import";

/**
 * The import, and the settings of the server that accepted it: its fetch allowlist and import
 * limits. Whichever server's worker takes the job crawls under them, so the answer is the one
 * the accepting server would give, and the crawl's time limit is the one its POST waits for.
 */
export type ContentImportJob = { importId: string; allowlist?: string[]; limits?: ImportLimits };

/** The job of an import, with this server's settings. */
export function contentImportJob(importId: string, limits: ImportLimits = importLimits()): ContentImportJob {
  return { importId, allowlist: fetchAllowlist(), limits };
}

/**
 * Polled twice a second (the POST waits for the result), two imports at a time per server.
 * Not retried: a crawl that failed is recorded as failed, and running it again is a new import.
 */
export const CONTENT_IMPORT_WORK_OPTIONS = { pollingIntervalSeconds: 0.5, localConcurrency: 2 } as const;

export function contentImportSendOptions(limits: ImportLimits): SendOptions {
  return { retryLimit: 0, expireInSeconds: Math.ceil(importWaitMs(limits) / 1000) + 60 };
}

/** Handler of the import job (one job per call, the default batch size). Jobs without settings use this server's. */
export async function runImportJob(jobs: Job<ContentImportJob>[]): Promise<void> {
  for (const { data } of jobs) {
    const allowlist = data.allowlist ?? fetchAllowlist();
    await runImport(data.importId, {
      fetch: (url, bounds) => safeFetch(url, { ...bounds, allowlist }),
      storage: fileStorage(),
      limits: data.limits ?? importLimits(),
    });
  }
}
