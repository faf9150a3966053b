import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { ListResult } from "../../pagination";
import { loadSite } from "../../policies/site";
import { reachesSiteSql } from "../reach";
import type { IntegrationRecord } from "../registry/records";
import { integrationRecords, reachingIntegrations } from "./installed-integrations";
import type { IntegrationSearchParams } from "./schemas";

/** listSiteIntegrations: the integrations reaching a site the caller can see. */
export async function listSiteIntegrations(ctx: ServiceContext, organizationId: string, siteId: string, params: IntegrationSearchParams): Promise<ListResult<IntegrationRecord>> {
  const { site } = await loadSite(db(), ctx.actor, organizationId, siteId);
  const integrations = await reachingIntegrations(db(), organizationId, reachesSiteSql("i", "g", Prisma.sql`${site.id}`), params.search);
  return { items: await integrationRecords(ctx, integrations), count: integrations.length };
}
