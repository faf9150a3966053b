import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { paginateModel, type ListResult } from "../../pagination";
import { loadIntegration } from "../load";
import { visibleInstallationsWhere } from "./access";
import { installationRecords, type InstallationRecord } from "./organization-installation-records";
import type { ListInstallationsParams } from "./schemas";

/**
 * listIntegrationInstallations: the installations of an integration the caller may see (access.ts
 * visibleInstallationsWhere), oldest first, filtered by one of their external ids.
 */
export async function listIntegrationInstallations(ctx: ServiceContext, integrationName: string, params: ListInstallationsParams): Promise<ListResult<InstallationRecord>> {
  const access = await loadIntegration(db(), ctx.actor, integrationName);
  const where: Prisma.IntegrationInstallationWhereInput = {
    AND: [visibleInstallationsWhere(ctx.actor, access), ...(params.externalId !== undefined ? [{ externalIds: { has: params.externalId } }] : [])],
  };
  const page = await paginateModel(params, db().integrationInstallation, where);
  return { ...page, items: await installationRecords(db(), page.items, () => access.integration.name) };
}
