import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { siteSettings, type Settings } from "./settings";

export async function getSiteCustomization(ctx: ServiceContext, organizationId: string, siteId: string): Promise<Settings> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  return siteSettings(access.site);
}
