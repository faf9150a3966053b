import { fieldError, sentence } from "../errors";
import type { Limit } from "../workers/worker-protocol";
import { decodeHtml, type HtmlPage } from "./html-page";
import { HTML_BUDGET_MS, htmlPool } from "./html-pool";
import type { ImportLimits } from "./limits";
import { looksLikeFile, pageKey, scopeOf, type SiteScope } from "./site-scope";

/** Fetches one URL within byte and time bounds (safe-fetch in production), throwing with a readable reason. */
export type Fetcher = (url: string, options: { maxBytes: number; timeoutMs: number }) => Promise<{ url: string; contentType: string | null; bytes: Buffer }>;

export type CrawledPage = { key: string; page: HtmlPage };
export type CrawledImage = { url: string; contentType: string; bytes: Buffer };
export type ImportFailure = { url: string; kind: "page" | "image"; reason: string };
/** Which bound stopped the crawl before it had seen everything it found. */
export type LimitReached = "pages" | "images" | "bytes" | "time";
export type ImportProgress = { imported: number; total: number };

export type CrawlResult = {
  scope: SiteScope;
  /** In the order the crawl reached them (breadth first), the start page first. */
  pages: CrawledPage[];
  images: CrawledImage[];
  failures: ImportFailure[];
  /** Page keys that redirected to another page's key, for rewriting links to them. */
  aliases: Map<string, string>;
  limitReached: LimitReached | null;
} & ImportProgress;

/** Image types imported as files. SVG is left out: it can carry scripts, and the source keeps serving it. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon", "image/vnd.microsoft.icon"]);

const isHtml = (contentType: string | null) => contentType === "text/html" || contentType === "application/xhtml+xml";

/**
 * Crawls a site breadth first from `startUrl`: pages on the same host under the same path prefix,
 * each once, within the limits; then the images of their main content. A start page that cannot
 * be fetched fails the import (400 naming `url`); any other page or image that fails is listed
 * and counted out. `total` counts the pages and images found within the limits, `imported` those
 * fetched; `onProgress` hears both as the crawl goes.
 */
export async function crawlSite(
  startUrl: string,
  options: { fetch: Fetcher; limits: ImportLimits; onProgress?: (progress: ImportProgress) => Promise<void> },
): Promise<CrawlResult> {
  const { fetch, limits } = options;
  const deadline = Date.now() + limits.crawlTimeoutMs;
  let spent = 0;
  let limitReached: LimitReached | null = null;

  /** The bounds for the next fetch, or null (and the bound named) when one is used up. */
  const budget = () => {
    const timeLeft = deadline - Date.now();
    if (timeLeft <= 0) {
      limitReached ??= "time";
      return null;
    }
    if (spent >= limits.maxTotalBytes) {
      limitReached ??= "bytes";
      return null;
    }
    // Whole tenths of a second, so that a timeout reads "within 0.9 s" rather than "within 0.987 s".
    const timeoutMs = Math.min(limits.responseTimeoutMs, Math.max(100, Math.floor(timeLeft / 100) * 100));
    return { maxBytes: Math.min(limits.maxResponseBytes, limits.maxTotalBytes - spent), timeoutMs };
  };
  const get = async (url: string, bounds: { maxBytes: number; timeoutMs: number }) => {
    try {
      const response = await fetch(url, bounds);
      spent += response.bytes.length;
      return response;
    } catch (error) {
      // Too big for what is left of the import's bytes, or too slow for what is left of its time:
      // the import's bound is reached, which is not this resource's failure.
      const reason = reasonOf(error);
      if (bounds.maxBytes < limits.maxResponseBytes && /^larger than/.test(reason)) throw new BoundReached("bytes", reason);
      if (bounds.timeoutMs < limits.responseTimeoutMs && /^no complete answer/.test(reason)) throw new BoundReached("time", reason);
      throw error;
    }
  };

  // ---- the start page: it must be fetched, and its final address sets the scope.
  const start = await get(startUrl, budget()!).catch((error: unknown) => {
    throw fieldError("url", sentence(reasonOf(error)));
  });
  if (!isHtml(start.contentType)) throw fieldError("url", `Is not an HTML page (it is ${start.contentType ?? "of no declared type"})`);
  const scope = scopeOf(start.url);
  const startKey = pageKey(scope, start.url)!;

  const pages: CrawledPage[] = [];
  const failures: ImportFailure[] = [];
  const aliases = new Map<string, string>();
  const seen = new Set<string>([startKey]);
  const queue: string[] = [];
  const imageUrls: string[] = [];
  const seenImages = new Set<string>();
  const images: CrawledImage[] = [];
  let attempts = 1;

  const accept = async (key: string, html: Buffer) => {
    const page = await readPage(key, html);
    pages.push({ key, page });
    for (const link of page.links) {
      const linked = pageKey(scope, link);
      if (linked && !seen.has(linked) && !looksLikeFile(linked)) {
        seen.add(linked);
        queue.push(linked);
      }
    }
    for (const image of page.images) {
      if (seenImages.has(image)) continue;
      seenImages.add(image);
      if (imageUrls.length < limits.maxImages) imageUrls.push(image);
      else limitReached ??= "images";
    }
  };
  const report = (pending: number) =>
    options.onProgress?.({ imported: pages.length + images.length, total: pages.length + failures.length + images.length + pending });

  await accept(startKey, start.bytes).catch((error: unknown) => {
    throw error instanceof PageLimitError ? fieldError("url", sentence(error.message)) : error;
  });
  await report(Math.min(queue.length, limits.maxPages - attempts) + imageUrls.length);

  // ---- the other pages, breadth first.
  while (queue.length > 0) {
    if (attempts >= limits.maxPages) {
      limitReached ??= "pages";
      break;
    }
    const bounds = budget();
    if (!bounds) break;
    const key = queue.shift()!;
    attempts++;
    try {
      const response = await get(key, bounds);
      const finalKey = pageKey(scope, response.url);
      // Redirected out of the site, or to a page already reached, or not a page: not a resource of the import.
      if (finalKey !== key) {
        if (finalKey) aliases.set(key, finalKey);
        if (!finalKey || seen.has(finalKey)) continue;
        seen.add(finalKey);
      }
      if (!isHtml(response.contentType)) continue;
      await accept(finalKey, response.bytes);
    } catch (error) {
      if (error instanceof BoundReached) {
        limitReached ??= error.limit;
        break;
      }
      failures.push({ url: key, kind: "page", reason: reasonOf(error) });
    }
    await report(Math.min(queue.length, limits.maxPages - attempts) + imageUrls.length);
  }

  // ---- the images of the pages reached.
  let attemptedImages = 0;
  for (const url of imageUrls) {
    const bounds = budget();
    if (!bounds) break;
    attemptedImages++;
    try {
      const response = await get(url, bounds);
      if (!response.contentType || !IMAGE_TYPES.has(response.contentType)) {
        throw new Error(response.contentType === "image/svg+xml" ? "SVG images are not imported" : `is not an image (it is ${response.contentType ?? "of no declared type"})`);
      }
      images.push({ url, contentType: response.contentType, bytes: response.bytes });
    } catch (error) {
      if (error instanceof BoundReached) {
        limitReached ??= error.limit;
        break;
      }
      failures.push({ url, kind: "image", reason: reasonOf(error) });
    }
    await report(imageUrls.length - attemptedImages);
  }

  return { scope, pages, images, failures, aliases, limitReached, imported: pages.length + images.length, total: pages.length + images.length + failures.length };
}

class BoundReached extends Error {
  constructor(
    readonly limit: LimitReached,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The most HTML one page may have to be read: a docs page is far smaller, and past about this the
 * HTML worker's heap grows so much that its garbage collection takes the cores from the event loop
 * (measured: 3 MB stalled it 90–150 ms; 2 MB, 15 ms).
 */
const MAX_PAGE_HTML_BYTES = 2 * 1024 * 1024;

/** A fetched page read in the HTML workers, within its budget; a page past a bound is an error naming it. */
async function readPage(url: string, bytes: Buffer): Promise<HtmlPage> {
  if (bytes.length > MAX_PAGE_HTML_BYTES) throw new PageLimitError(`its HTML is larger than ${MAX_PAGE_HTML_BYTES / 1024 / 1024} MB`);
  const [outcome] = await htmlPool().map("readHtmlPage", [{ html: decodeHtml(bytes), url }], HTML_BUDGET_MS);
  if (outcome!.ok) return outcome!.value;
  throw new PageLimitError(`its HTML is ${describeHtmlLimit(outcome!.limit, "read")}`);
}

/** A page whose HTML met a bound of the workers: the source's doing, not a failure of ours. */
class PageLimitError extends Error {}

/** What a limit met while reading or converting a page's HTML means, in words. */
export function describeHtmlLimit(limit: Limit, doing: "read" | "convert"): string {
  if (limit === "time") return `too complex to ${doing} within ${HTML_BUDGET_MS / 1000} s`;
  return limit === "depth" ? `nested too deeply to ${doing}` : `too large to ${doing}`;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
