import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSite } from "../policies/site";
import { presentOneSite } from "../presenters/site";

/** One site of the organization the caller can see (`getSiteById`). */
export async function getSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const { site, role } = await loadSite(db(), ctx.actor, organizationId, siteId);
  return presentOneSite(db(), site, role, ctx.baseUrl);
}
