import type { ServiceContext } from "../../context";
import { fieldError } from "../../errors";
import { writeSite } from "../write-site";
import { loadAdminSite, present, replaceKey, visitorAuthKeyOf } from "./publishing-auth-records";
import type { UpdatePublishingAuthInput } from "./schemas";

/** updateSitePublishingAuthById: the fallback and logout URLs; the `integration` backend needs integrations. */
export async function updatePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdatePublishingAuthInput) {
  if (input.backend === "integration") {
    throw fieldError("backend", "Visitor authentication through an integration needs integrations, which this Quire does not have yet; use the `custom` backend (your own service signs visitor tokens with the site's key).");
  }
  return writeSite(ctx, siteId, async (tx, events) => {
    let site = await loadAdminSite(tx, ctx, organizationId, siteId);
    const data: { visitorAuthFallbackUrl?: string | null; visitorAuthLogoutUrl?: string | null } = {};
    if (input.fallbackURL !== undefined && input.fallbackURL !== site.visitorAuthFallbackUrl) data.visitorAuthFallbackUrl = input.fallbackURL;
    if (input.logoutURL !== undefined && input.logoutURL !== site.visitorAuthLogoutUrl) data.visitorAuthLogoutUrl = input.logoutURL;
    let privateKey = await visitorAuthKeyOf(site);
    const keyCreated = privateKey === null;
    if (keyCreated) ({ updated: site, privateKey } = await replaceKey(tx, site));
    if (Object.keys(data).length > 0) site = await tx.site.update({ where: { id: siteId }, data });
    if (Object.keys(data).length === 0 && !keyCreated) events.nothingChanged();
    else {
      events.record({
        organizationId,
        action: "site.publishing_auth_updated",
        target: { type: "site", id: siteId, label: site.title },
        payload: { siteId, fallbackURL: site.visitorAuthFallbackUrl, logoutURL: site.visitorAuthLogoutUrl, ...(keyCreated ? { keyCreated } : {}) },
      });
    }
    return present(site, privateKey!);
  });
}
