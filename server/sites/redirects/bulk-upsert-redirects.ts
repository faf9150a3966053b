import type { ServiceContext } from "../../context";
import { AppError } from "../../errors";
import { writeSite } from "../write-site";
import { NO_DRAFTS, applyUpdate, insertRedirect, loadForWrite, recordChange } from "./redirect-records";
import type { BulkUpsertRedirectsInput } from "./schemas";

type BulkResult =
  | { status: "created" | "updated" | "published"; source: string; draft: boolean; id: string }
  | { status: "deleted"; source: string; draft: boolean }
  | { status: "error"; source: string; draft: boolean; error: string };

/**
 * bulkUpsertSiteRedirects: each entry creates, updates (same source) or, with a null destination,
 * deletes a redirect, in one write. An entry that cannot be done is answered as an error in its
 * place and the others still apply (the reference's per-entry results). Draft intents are errors.
 */
export async function bulkUpsertRedirects(ctx: ServiceContext, organizationId: string, siteId: string, input: BulkUpsertRedirectsInput) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const results: BulkResult[] = [];
    let changed = false;
    for (const entry of input.redirects) {
      if (entry.intent !== "live") {
        results.push({ status: "error", source: entry.source, draft: entry.intent === "draft", error: NO_DRAFTS });
        continue;
      }
      try {
        const existing = await tx.siteRedirect.findUnique({ where: { siteId_source: { siteId, source: entry.source } } });
        if (entry.destination === null) {
          if (existing) {
            await tx.siteRedirect.delete({ where: { id: existing.id } });
            recordChange(events, site, existing, "deleted");
            changed = true;
          }
          results.push({ status: "deleted", source: entry.source, draft: false });
        } else if (existing) {
          const updated = await applyUpdate(tx, site, existing, { destination: entry.destination, captureWildcard: entry.captureWildcard, permanent: entry.permanent });
          if (updated) {
            recordChange(events, site, updated, "updated");
            changed = true;
          }
          results.push({ status: "updated", source: entry.source, draft: false, id: existing.id });
        } else {
          const created = await insertRedirect(tx, site, { source: entry.source, destination: entry.destination, captureWildcard: entry.captureWildcard, permanent: entry.permanent ?? false });
          recordChange(events, site, created, "created");
          changed = true;
          results.push({ status: "created", source: entry.source, draft: false, id: created.id });
        }
      } catch (error) {
        // A destination that is not of this site: the entry's error, not the request's.
        if (!(error instanceof AppError) || error.code === "forbidden") throw error;
        results.push({ status: "error", source: entry.source, draft: false, error: error.message });
      }
    }
    if (!changed) events.nothingChanged();
    return { results };
  });
}
