import path from "node:path";
import { jobContext } from "../context";
import { commitRevision, readPages, type FileVersion } from "../content/revisions";
import { db } from "../db/client";
import type { ContentImport } from "../db/generated/client";
import { asAppError } from "../errors";
import { newId } from "../ids";
import { setMainRevision } from "../search/index-space";
import { writeSpace } from "../spaces/write-space";
import type { FileStorage } from "../storage/file-storage";
import { imageDimensions } from "../storage/image-dimensions";
import { markdownLimitProblem } from "../content/format/markdown-limits";
import { assemblePages, importedBodies, type ImportedBodies } from "./assemble-pages";
import { crawlSite, describeHtmlLimit, type CrawledImage, type CrawlResult, type Fetcher, type ImportProgress } from "./crawl";
import { HTML_BUDGET_MS, htmlPool } from "./html-pool";
import type { ImportLimits } from "./limits";
import { openImportTarget } from "./target";
import { jobActorFor } from "../integrations/tokens/job-actor";

export type ImportDependencies = { fetch: Fetcher; storage: FileStorage; limits: ImportLimits };

/**
 * The work of an import job: crawl the site, store its images, and write one revision of the
 * target with the pages and files, updating the import's row (status, counts) as it goes. Only
 * a pending import is run, so a job delivered twice does the work once. A failure is recorded
 * on the row; one that is not the source's or the caller's (not an AppError) is rethrown, so
 * the job fails too and the cause is logged.
 */
export async function runImport(importId: string, dependencies: ImportDependencies): Promise<void> {
  const claimed = await db().contentImport.updateMany({ where: { id: importId, status: "pending" }, data: { status: "running", startedAt: new Date() } });
  if (claimed.count === 0) return;
  const record = await db().contentImport.findUniqueOrThrow({ where: { id: importId } });
  try {
    const crawl = await crawlSite(record.url, { fetch: dependencies.fetch, limits: dependencies.limits, onProgress: (progress) => saveProgress(importId, progress) });
    const files = await storeImages(crawl.images, dependencies.storage);
    const bodies = importedBodies({ scope: crawl.scope, pages: crawl.pages, aliases: crawl.aliases, files });
    const markdown = await convertBodies(bodies, crawl);
    await commitImport(record, crawl, files, bodies.ids, markdown);
  } catch (error) {
    const appError = asAppError(error);
    await db().contentImport.updateMany({
      where: { id: importId, status: "running" },
      data: { status: "failed", error: appError?.message ?? "Internal error while importing.", errorCode: appError?.code ?? null, completedAt: new Date() },
    });
    if (!appError) throw error;
  }
}

function saveProgress(importId: string, progress: ImportProgress): Promise<void> {
  return db()
    .contentImport.updateMany({ where: { id: importId, status: "running" }, data: { imported: progress.imported, total: progress.total } })
    .then(() => undefined);
}

/** Stores each image's bytes and describes it as a file of the revision, by the URL it came from. */
async function storeImages(images: CrawledImage[], storage: FileStorage): Promise<Map<string, FileVersion>> {
  const files = new Map<string, FileVersion>();
  const createdAt = new Date().toISOString();
  for (const image of images) {
    const blob = await storage.put(image.bytes);
    const dimensions = imageDimensions(image.bytes);
    files.set(image.url, {
      id: newId(),
      name: fileNameOf(image.url, image.contentType),
      contentType: image.contentType,
      size: image.bytes.length,
      ...(dimensions ?? {}),
      blob,
      createdAt,
    });
  }
  return files;
}

/** The image's file name from its URL (decoded, without control characters), else one from its type. */
function fileNameOf(url: string, contentType: string): string {
  let name = path.posix.basename(new URL(url).pathname);
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: keep the raw name.
  }
  name = name.replace(/[\p{Cc}/\\]/gu, "").trim().slice(0, 100);
  return name || `image.${contentType.split("/")[1]?.replace(/^x-|^vnd\.microsoft\./, "") ?? "img"}`;
}

/**
 * Each page's content as markdown, converted in the HTML workers before anything is locked. A page
 * whose content cannot be converted within the workers' bounds, or whose markdown is past a page's
 * limits (server/content/format/markdown-limits.ts), keeps its place and title with an empty body,
 * and is listed among the import's failures.
 */
async function convertBodies(bodies: ImportedBodies, crawl: CrawlResult): Promise<string[]> {
  const outcomes = await htmlPool().map("importedMarkdown", bodies.conversions, HTML_BUDGET_MS);
  return outcomes.map((outcome, index) => {
    const problem = outcome.ok ? markdownLimitProblem(outcome.value) : `its content is ${describeHtmlLimit(outcome.limit, "convert")}`;
    if (!problem) return (outcome as { value: string }).value;
    crawl.failures.push({ url: crawl.pages[index]!.key, kind: "page", reason: outcome.ok ? `its content as markdown is ${problem}` : problem });
    return "";
  });
}

/**
 * Writes the import's revision on top of the target's current one, in one write of the space
 * with the target locked and its access checked again; the import's row is completed in the same
 * transaction, unless its waiter gave up on it meanwhile (then nothing is written).
 */
async function commitImport(record: ContentImport, crawl: CrawlResult, files: Map<string, FileVersion>, ids: Map<string, string>, markdown: string[]): Promise<void> {
  const lock = record.changeRequestId ? "changeRequests" : "space";
  // The import acts for the user who started it, as a background job (an integration's, as its installation).
  const ctx = jobContext(await jobActorFor(record.createdById, record.spaceId));
  await writeSpace(ctx, record.spaceId, { lock, pages: crawl.pages.length + files.size }, async (tx, events) => {
    const target = await openImportTarget(
      tx,
      ctx.actor,
      { spaceId: record.spaceId, ...(record.changeRequestId ? { changeRequest: record.changeRequestId } : {}) },
      { forUpdate: true },
    );
    const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM content_imports WHERE id = ${record.id} FOR UPDATE`;
    if (row?.status !== "running") return events.nothingChanged();

    const base = await tx.revision.findUniqueOrThrow({ where: { id: target.baseRevisionId } });
    const topLevel = (await readPages(tx, base)).filter((page) => page.parentId === null);
    const pages = assemblePages({
      scope: crawl.scope,
      pages: crawl.pages,
      ids,
      markdown,
      topLevel: { slugs: new Set(topLevel.map((page) => page.slug)), maxSortKey: Math.max(0, ...topLevel.map((page) => page.sortKey)) },
      now: new Date().toISOString(),
    });
    const revision = await commitRevision(tx, {
      spaceId: record.spaceId,
      base,
      parents: [base.id],
      put: pages,
      putFiles: [...files.values()],
      authorId: record.createdById,
      ...(target.changeRequest ? { changeRequestId: target.changeRequest.id } : {}),
    });
    if (target.changeRequest) {
      await tx.changeRequest.update({ where: { id: target.changeRequest.id }, data: { revisionId: revision.id } });
    } else {
      await setMainRevision(tx, target.space, revision);
    }
    events.record({
      organizationId: target.space.organizationId,
      action: "space.content_imported",
      target: { type: "space", id: target.space.id, label: target.space.title },
      payload: { url: record.url, revision: revision.id, pages: pages.length, ...(target.changeRequest ? { changeRequestId: target.changeRequest.id } : {}) },
    });
    await tx.contentImport.update({
      where: { id: record.id },
      data: {
        status: "completed",
        imported: crawl.imported,
        total: crawl.total,
        failures: crawl.failures,
        limitReached: crawl.limitReached,
        revisionId: revision.id,
        completedAt: new Date(),
      },
    });
  });
}
