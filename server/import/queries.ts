import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { loadSpace } from "../policies/access";
import { importLimits, importWaitMs } from "./limits";
import { presentImportRun } from "./present-import";

/** How many imports a space lists: the latest ones. */
const RECENT_IMPORTS = 10;

/** One import of a space, for anyone who can see the space (its progress while it runs). */
export async function getImportRun(ctx: ServiceContext, spaceId: string, importId: string) {
  await loadSpace(db(), ctx.actor, spaceId);
  await settleAbandonedImports(spaceId);
  const record = await db().contentImport.findFirst({ where: { id: importId, spaceId } });
  if (!record) throw notFound(`No import ${importId} in space ${spaceId}.`);
  return presentImportRun(record);
}

/** The latest imports of a space, running or ended, most recent first. */
export async function listImportRuns(ctx: ServiceContext, spaceId: string) {
  await loadSpace(db(), ctx.actor, spaceId);
  await settleAbandonedImports(spaceId);
  const records = await db().contentImport.findMany({ where: { spaceId }, orderBy: { id: "desc" }, take: RECENT_IMPORTS });
  return records.map(presentImportRun);
}

/**
 * Marks failed the imports of a space that can no longer finish: older than the longest an
 * import job may run (its server stopped mid-crawl, or no worker ever took it), so that the UI
 * does not show them in progress for ever.
 */
async function settleAbandonedImports(spaceId: string): Promise<void> {
  const cutoff = new Date(Date.now() - importWaitMs(importLimits()) - 60_000);
  await db().contentImport.updateMany({
    where: { spaceId, status: { in: ["pending", "running"] }, createdAt: { lt: cutoff } },
    data: { status: "failed", error: "The import stopped before it finished.", errorCode: null, completedAt: new Date() },
  });
}
