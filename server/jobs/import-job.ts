import { z } from "zod";
import { importLimits, importWaitMs, type ImportLimits } from "../import/limits";
import { runImport } from "../import/run-import";
import { fetchAllowlist, safeFetch } from "../net/safe-fetch";
import { fileStorage } from "../storage/file-storage";
import { defineJob } from "./job-kind";

const importLimitsSchema = z.object({
  maxPages: z.number(),
  maxImages: z.number(),
  maxTotalBytes: z.number(),
  maxResponseBytes: z.number(),
  responseTimeoutMs: z.number(),
  crawlTimeoutMs: z.number(),
}) satisfies z.ZodType<ImportLimits>;

/**
 * An import, and the settings of the server that accepted it: its fetch allowlist and import
 * limits. Whichever server's worker takes the job crawls under them, so the answer is the one
 * the accepting server would give, and the crawl's time limit is the one its POST waits for.
 */
const contentImportPayload = z.object({ importId: z.string(), allowlist: z.array(z.string()).optional(), limits: importLimitsSchema.optional() });
export type ContentImportPayload = z.infer<typeof contentImportPayload>;

/** The payload of an import's job, with this server's settings. */
export function contentImportPayloadFor(importId: string, limits: ImportLimits = importLimits()): ContentImportPayload {
  return { importId, allowlist: fetchAllowlist(), limits };
}

/**
 * One job per import, naming its row in `content_imports`. Polled twice a second (the POST waits
 * for the result), two imports at a time per server. Not retried: a crawl that failed is recorded
 * as failed, and running it again is a new import. Expires past the time its POST waits.
 */
export const contentImportJob = defineJob({
  name: "content-import",
  payload: contentImportPayload,
  queue: { retryLimit: 0 },
  sendOptions: ({ limits }) => ({ expireInSeconds: Math.ceil(importWaitMs(limits ?? importLimits()) / 1000) + 60 }),
  work: { pollingIntervalSeconds: 0.5, localConcurrency: 2 },
  async handle({ importId, allowlist, limits }) {
    const hosts = allowlist ?? fetchAllowlist();
    await runImport(importId, {
      fetch: (url, bounds) => safeFetch(url, { ...bounds, allowlist: hosts }),
      storage: fileStorage(),
      limits: limits ?? importLimits(),
    });
  },
});
