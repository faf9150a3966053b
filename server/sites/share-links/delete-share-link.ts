import type { ServiceContext } from "../../context";
import { writeSite } from "../write-site";
import { loadAdminSite, loadLink } from "./share-link-records";

/** Deletes a share link: its key stops working at once. Absent already: done (204 either way). */
export async function deleteShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string): Promise<void> {
  await writeSite(ctx, siteId, async (tx, events) => {
    await loadAdminSite(tx, ctx, organizationId, siteId);
    const link = await loadLink(tx, siteId, shareLinkId);
    if (!link) return events.nothingChanged();
    await tx.siteShareLink.delete({ where: { id: shareLinkId } });
    events.record({
      organizationId,
      action: "site_share_link.deleted",
      target: { type: "share-link", id: shareLinkId, label: link.name },
      payload: { siteId, shareLinkId },
    });
  });
}
