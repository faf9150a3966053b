import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { ListResult } from "../../pagination";
import { loadSpace } from "../../policies/access";
import { reachesSpaceSql } from "../reach";
import type { IntegrationRecord } from "../registry/records";
import { integrationRecords, reachingIntegrations } from "./installed-integrations";
import type { IntegrationSearchParams } from "./schemas";

/** listSpaceIntegrations: the integrations reaching a space the caller can see. */
export async function listSpaceIntegrations(ctx: ServiceContext, spaceId: string, params: IntegrationSearchParams): Promise<ListResult<IntegrationRecord>> {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const integrations = await reachingIntegrations(db(), space.organizationId, reachesSpaceSql("i", "g", Prisma.sql`${space.id}`), params.search);
  return { items: await integrationRecords(ctx, integrations), count: integrations.length };
}
