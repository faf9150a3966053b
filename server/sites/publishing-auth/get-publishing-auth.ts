import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { writeSite } from "../write-site";
import { loadAdminSite, present, replaceKey, visitorAuthKeyOf } from "./publishing-auth-records";

/** getSitePublishingAuthById: the key (made now if the site has none yet) and the URLs. */
export async function getPublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadAdminSite(db(), ctx, organizationId, siteId);
  const existing = await visitorAuthKeyOf(site);
  if (existing) return present(site, existing);
  // First read: made under the site's lock, so that two first reads agree on one key.
  return writeSite(ctx, siteId, async (tx, events) => {
    const locked = await loadAdminSite(tx, ctx, organizationId, siteId);
    const raced = await visitorAuthKeyOf(locked);
    if (raced) {
      events.nothingChanged();
      return present(locked, raced);
    }
    const { updated, privateKey } = await replaceKey(tx, locked);
    events.record({
      organizationId,
      action: "site.publishing_auth_updated",
      target: { type: "site", id: siteId, label: locked.title },
      payload: { siteId, keyCreated: true },
    });
    return present(updated, privateKey);
  });
}
