import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { ContentImport } from "../db/generated/client";
import { AppError, type AppErrorCode, httpStatusOf, notFound } from "../errors";
import { createImport } from "./import-records";
import { importLimits, importWaitMs } from "./limits";
import type { ImportContentInput } from "./schemas";
import type { ImportTarget } from "./target";

const POLL_MS = 200;

/**
 * `POST .../content/import`: starts the import, then waits for its job to finish (the crawl is
 * bounded in time, see limits.ts) and answers with the revision written and true counts; a
 * source that cannot be imported is a 400 naming `url`.
 */
export async function importContent(ctx: ServiceContext, target: ImportTarget, input: ImportContentInput) {
  const limits = importLimits();
  const created = await createImport(ctx, target, input, limits);
  const finished = await waitForImport(created.id, importWaitMs(limits));
  if (finished.status !== "completed") throw failureOf(finished);
  return { revision: finished.revisionId!, importedResources: finished.imported, totalResources: finished.total };
}

/**
 * Polls the import's row until its job has finished. Past `timeoutMs`, an import still pending
 * or running is marked failed (its job then writes nothing: see run-import.ts), so that every
 * call ends with the import in a final state.
 */
async function waitForImport(importId: string, timeoutMs: number): Promise<ContentImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await db().contentImport.findUnique({ where: { id: importId } });
    // Its space or change request was deleted meanwhile, and the import with it.
    if (!record) throw notFound("The import's space or change request no longer exists.");
    if (record.status === "completed" || record.status === "failed") return record;
    if (Date.now() >= deadline) {
      const seconds = Math.round(timeoutMs / 1000);
      // One statement, so that a job claimed meanwhile is judged by the state it is in. A crawl too
      // slow for its bounds is the source's doing (400); a job no worker took is the server's (500).
      await db().$executeRaw`
        UPDATE content_imports SET
          status = 'failed',
          error = CASE WHEN status = 'running' THEN ${`The import did not finish within ${seconds} s.`} ELSE ${`No job worker started the import within ${seconds} s.`} END,
          error_code = CASE WHEN status = 'running' THEN 'bad_request' END,
          completed_at = now(),
          updated_at = now()
        WHERE id = ${importId} AND status IN ('pending', 'running')`;
      return db().contentImport.findUniqueOrThrow({ where: { id: importId } });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The error a failed import answers with: its recorded AppError, or an internal error (500). */
function failureOf(record: ContentImport): Error {
  const code = record.errorCode as AppErrorCode | null;
  if (code && code in httpStatusOf) return new AppError(code, record.error ?? "The import failed.");
  return new Error(`Import ${record.id} failed: ${record.error ?? "no reason recorded"}`);
}
