import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { presentAdaptiveSchema, type SiteAdaptiveSchema } from "./present-adaptive-schema";

/** The site's visitor schema, or null when it has none (the editor's read). */
export async function findSiteAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string): Promise<SiteAdaptiveSchema | null> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.viewAdaptiveSchema");
  return presentAdaptiveSchema(access.site);
}
