import type { ServiceContext } from "../context";
import { loadSite } from "../policies/site";
import { siteRecord, type SiteRecord } from "./records";
import { writeSite } from "./write-site";
import { authorize } from "../policies/authorize";

/**
 * Publishes a site (`publishSite`) or takes it offline (`unpublishSite`): it becomes (or stops
 * being) live for the audience its visibility names. Needs the admin role on the site; asking for
 * the state it is already in changes nothing.
 */
export async function setSitePublished(ctx: ServiceContext, organizationId: string, siteId: string, published: boolean): Promise<SiteRecord> {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    let site = access.site;
    if (site.published === published) events.nothingChanged();
    else {
      site = await tx.site.update({ where: { id: siteId }, data: { published, publishedAt: published ? new Date() : null } });
      events.record({
        organizationId,
        action: published ? "site.published" : "site.unpublished",
        target: { type: "site", id: site.id, label: site.title },
        payload: { siteId: site.id, visibility: site.visibility },
      });
    }
    return siteRecord(tx, site, access.role);
  });
}
