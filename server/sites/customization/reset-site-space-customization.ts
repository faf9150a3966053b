import type { ServiceContext } from "../../context";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import { loadSiteSpace, writeOverride } from "./customization-records";
import { siteSpaceSettings } from "./settings";

/** DELETE a site space's override: whether there was one (205) or not (204), and the settings it now shows (the site's). */
export async function resetSiteSpaceCustomization(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    const siteSpace = await loadSiteSpace(tx, siteId, siteSpaceId);
    if (siteSpace.customization === null) {
      events.nothingChanged();
      return { removed: false, settings: siteSpaceSettings(access.site, siteSpace) };
    }
    return { removed: true, settings: siteSpaceSettings(access.site, await writeOverride(tx, events, access, siteSpace, {})) };
  });
}
