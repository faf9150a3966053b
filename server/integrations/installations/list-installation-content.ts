import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { ListResult } from "../../pagination";
import { authorize } from "../../policies/authorize";
import type { Role } from "../../policies/roles";
import { loadInstallation } from "./access";
import { contentInstallationRecords, pageRows, type ContentInstallationRecord, type ContentKind } from "./content-installation-records";
import type { ListInstallationSpacesParams } from "./schemas";

/** listIntegrationInstallationSpaces / …Sites: the rows of one installation the caller may read. */
export async function listInstallationContent(ctx: ServiceContext, kind: ContentKind, integrationName: string, installationId: string, params: ListInstallationSpacesParams): Promise<ListResult<ContentInstallationRecord>> {
  const access = await loadInstallation(db(), ctx.actor, integrationName, installationId);
  authorize(access, "installation.read");
  const page = await pageRows(db(), kind, Prisma.sql`r.installation_id = ${installationId}`, params);
  const role: Role | null = access.may.select ? "admin" : null;
  return { ...page, items: await contentInstallationRecords(db(), kind, page.items, access.integration.name, params.extended, () => role) };
}
