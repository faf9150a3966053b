import type { ContentImport } from "../db/generated/client";
import type { ImportFailure, LimitReached } from "./crawl";

/**
 * An import as the reference's ContentImportRun (what a Space's `imports` lists), plus what
 * Quire's UI shows of it: the counts, what failed, the bound that stopped the crawl and the
 * revision written. The reference calls a running import `in-progress`.
 */
export function presentImportRun(record: ContentImport) {
  return {
    object: "import-run" as const,
    id: record.id,
    status: record.status === "running" ? ("in-progress" as const) : (record.status as "pending" | "completed" | "failed"),
    ...(record.status === "failed" && record.error ? { reason: record.error } : {}),
    source: { type: "website" as const, url: record.url },
    target: { space: record.spaceId, ...(record.changeRequestId ? { changeRequest: record.changeRequestId } : {}) },
    createdBy: record.createdById,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    ...(record.startedAt ? { startedAt: record.startedAt.toISOString() } : {}),
    ...(record.completedAt ? { completedAt: record.completedAt.toISOString() } : {}),
    importedResources: record.imported,
    totalResources: record.total,
    failures: record.failures as ImportFailure[],
    limitReached: (record.limitReached as LimitReached | null) ?? null,
    ...(record.revisionId ? { revision: record.revisionId } : {}),
  };
}

export type ImportRunObject = ReturnType<typeof presentImportRun>;
