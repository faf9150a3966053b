import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import { assertHeaderConditions, loadSiteSpace, writeOverride } from "./customization-records";
import type { SiteSpaceCustomizationOverride } from "./schemas";
import { applyOverridePatch, siteSpaceSettings, storedSettings, type Settings } from "./settings";

/** PATCH a site space's override: given fields override the site's, null ones go back to the site's. */
export async function overrideSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  patch: SiteSpaceCustomizationOverride,
) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.admin");
    const siteSpace = await loadSiteSpace(tx, siteId, siteSpaceId);
    assertHeaderConditions(access, patch);
    const current = storedSettings(siteSpace.customization).settings;
    const next = applyOverridePatch(current, patch as Settings);
    if (isDeepStrictEqual(current, next)) {
      events.nothingChanged();
      return siteSpaceSettings(access.site, siteSpace);
    }
    return siteSpaceSettings(access.site, await writeOverride(tx, events, access, siteSpace, next));
  });
}
