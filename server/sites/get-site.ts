import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSite } from "../policies/site";
import { siteRecord, type SiteRecord } from "./records";

/** One site of the organization the caller can see (`getSiteById`). */
export async function getSite(ctx: ServiceContext, organizationId: string, siteId: string): Promise<SiteRecord> {
  const { site, role } = await loadSite(db(), ctx.actor, organizationId, siteId);
  return siteRecord(db(), site, role);
}
