import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { loadSiteSpace } from "./customization-records";
import { siteSpaceSettings } from "./settings";

export async function getSiteSpaceCustomization(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  const tx = db();
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  return siteSpaceSettings(access.site, await loadSiteSpace(tx, siteId, siteSpaceId));
}
