/**
 * Bounds of one website import, so that a caller's URL cannot make the server crawl without end:
 * pages fetched, images fetched, bytes downloaded in all, bytes and seconds per response, and
 * seconds for the whole crawl (kept under the time the POST waits, so it answers with the result).
 * Each can be changed with its environment variable.
 */
export type ImportLimits = {
  maxPages: number;
  maxImages: number;
  maxTotalBytes: number;
  maxResponseBytes: number;
  responseTimeoutMs: number;
  crawlTimeoutMs: number;
};

const MB = 1024 * 1024;

const DEFAULTS: ImportLimits = {
  maxPages: 50,
  maxImages: 100,
  maxTotalBytes: 20 * MB,
  maxResponseBytes: 5 * MB,
  responseTimeoutMs: 15_000,
  crawlTimeoutMs: 90_000,
};

const VARIABLES: Record<keyof ImportLimits, string> = {
  maxPages: "QUIRE_IMPORT_MAX_PAGES",
  maxImages: "QUIRE_IMPORT_MAX_IMAGES",
  maxTotalBytes: "QUIRE_IMPORT_MAX_BYTES",
  maxResponseBytes: "QUIRE_IMPORT_MAX_RESPONSE_BYTES",
  responseTimeoutMs: "QUIRE_IMPORT_RESPONSE_TIMEOUT_MS",
  crawlTimeoutMs: "QUIRE_IMPORT_TIMEOUT_MS",
};

/** The limits in force: each environment variable when set to a positive integer, else the default. */
export function importLimits(env: Record<string, string | undefined> = process.env): ImportLimits {
  const limits = { ...DEFAULTS };
  for (const key of Object.keys(VARIABLES) as (keyof ImportLimits)[]) {
    const raw = env[VARIABLES[key]];
    if (raw === undefined || raw.trim() === "") continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${VARIABLES[key]}=${raw} must be a positive integer.`);
    limits[key] = value;
  }
  return limits;
}

/** How long the POST waits for its import: the crawl's own limit plus time to store and commit. */
export const importWaitMs = (limits: ImportLimits) => limits.crawlTimeoutMs + 30_000;
