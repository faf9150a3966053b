import type { ServiceContext } from "../../context";
import { writeSite } from "../write-site";
import { loadAdminSite, present, replaceKey } from "./publishing-auth-records";

/** regenerateSitePublishingAuthById: a new key; tokens signed with the old one stop verifying. */
export async function regeneratePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadAdminSite(tx, ctx, organizationId, siteId);
    const { updated, privateKey } = await replaceKey(tx, site);
    events.record({ organizationId, action: "site.publishing_auth_regenerated", target: { type: "site", id: siteId, label: site.title }, payload: { siteId } });
    return present(updated, privateKey);
  });
}
