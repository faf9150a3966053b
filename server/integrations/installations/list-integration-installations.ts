import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { paginateModel, type ListResult } from "../../pagination";
import { presentInstallation, type IntegrationInstallationObject } from "../../presenters/integration-installation";
import { loadIntegration } from "../load";
import { visibleInstallationsWhere } from "./access";
import { reachedSpaceCounts } from "./records";
import type { ListInstallationsParams } from "./schemas";

/**
 * listIntegrationInstallations: the installations of an integration the caller may see (access.ts
 * visibleInstallationsWhere), oldest first, filtered by one of their external ids.
 */
export async function listIntegrationInstallations(ctx: ServiceContext, integrationName: string, params: ListInstallationsParams): Promise<ListResult<IntegrationInstallationObject>> {
  const access = await loadIntegration(db(), ctx.actor, integrationName);
  const where: Prisma.IntegrationInstallationWhereInput = {
    AND: [visibleInstallationsWhere(ctx.actor, access), ...(params.externalId !== undefined ? [{ externalIds: { has: params.externalId } }] : [])],
  };
  const page = await paginateModel(params, db().integrationInstallation, where);
  const counts = await reachedSpaceCounts(db(), page.items.map((installation) => installation.id));
  return { ...page, items: page.items.map((installation) => presentInstallation(installation, access.integration.name, counts.get(installation.id) ?? 0, ctx.baseUrl)) };
}
