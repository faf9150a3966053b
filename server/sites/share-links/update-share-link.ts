import type { ServiceContext } from "../../context";
import type { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import { writeSite } from "../write-site";
import { shareLinkRecord } from "./records";
import type { UpdateShareLinkInput } from "./schemas";
import { futureDate, loadAdminSite, loadLink } from "./share-link-records";

export async function updateShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string, input: UpdateShareLinkInput) {
  const expiresAt = futureDate(input.expiresAt);
  return writeSite(ctx, siteId, async (tx, events) => {
    const { site } = await loadAdminSite(tx, ctx, organizationId, siteId);
    const link = await loadLink(tx, siteId, shareLinkId);
    if (!link) throw notFound(`No share link ${shareLinkId} on this site.`);
    const changes: Prisma.SiteShareLinkUpdateInput = {};
    if (input.name !== undefined && input.name !== link.name) changes.name = input.name;
    if (input.active !== undefined && input.active !== link.active) changes.active = input.active;
    if (expiresAt !== undefined && expiresAt?.getTime() !== link.expiresAt?.getTime()) changes.expiresAt = expiresAt;
    if (Object.keys(changes).length === 0) {
      events.nothingChanged();
      return shareLinkRecord(link, site);
    }
    const updated = await tx.siteShareLink.update({ where: { id: shareLinkId }, data: changes });
    events.record({
      organizationId,
      action: "site_share_link.updated",
      target: { type: "share-link", id: shareLinkId, label: updated.name },
      payload: {
        siteId,
        shareLinkId,
        changed: Object.keys(changes),
        active: updated.active,
        expiresAt: updated.expiresAt?.toISOString() ?? null,
      },
    });
    return shareLinkRecord(updated, site);
  });
}
