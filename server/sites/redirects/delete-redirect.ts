import type { ServiceContext } from "../../context";
import { writeSite } from "../write-site";
import { loadForWrite, recordChange } from "./redirect-records";

/** Absent already: done (204 either way). */
export async function deleteRedirect(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string): Promise<void> {
  await writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await tx.siteRedirect.findFirst({ where: { id: redirectId, siteId } });
    if (!redirect) return events.nothingChanged();
    await tx.siteRedirect.delete({ where: { id: redirectId } });
    recordChange(events, site, redirect, "deleted");
  });
}
