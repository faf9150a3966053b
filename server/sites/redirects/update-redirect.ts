import type { ServiceContext } from "../../context";
import { fieldError, notFound } from "../../errors";
import { writeSite } from "../write-site";
import { NO_DRAFTS, applyUpdate, loadForWrite, presentRedirect, recordChange } from "./redirect-records";
import type { UpdateRedirectInput } from "./schemas";

export async function updateRedirect(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string, input: UpdateRedirectInput) {
  if (input.draft) throw fieldError("draft", NO_DRAFTS);
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await tx.siteRedirect.findFirst({ where: { id: redirectId, siteId } });
    if (!redirect) throw notFound(`No redirect ${redirectId} on this site.`);
    const updated = await applyUpdate(tx, site, redirect, input);
    if (!updated) {
      events.nothingChanged();
      return presentRedirect(redirect);
    }
    recordChange(events, site, updated, "updated");
    return presentRedirect(updated);
  });
}
