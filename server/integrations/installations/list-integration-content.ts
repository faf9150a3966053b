import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { ListResult } from "../../pagination";
import { loadIntegration } from "../load";
import { visibleInstallationsWhere } from "./access";
import { contentInstallationRecords, pageRows, type ContentInstallationRecord, type ContentKind } from "./content-installation-records";
import type { ListContentInstallationsParams } from "./schemas";

/**
 * listIntegrationSpaceInstallations / …Sites: the space or site rows of every installation of the
 * integration the caller may see (access.ts visibleInstallationsWhere), filtered by an external id.
 */
export async function listIntegrationContent(ctx: ServiceContext, kind: ContentKind, integrationName: string, params: ListContentInstallationsParams): Promise<ListResult<ContentInstallationRecord>> {
  const access = await loadIntegration(db(), ctx.actor, integrationName);
  const installations = await db().integrationInstallation.findMany({ where: visibleInstallationsWhere(ctx.actor, access), select: { id: true } });
  const ids = installations.map((installation) => installation.id);
  if (ids.length === 0) return { items: [], count: 0 };
  const byExternalId = params.externalId !== undefined ? Prisma.sql`AND ${params.externalId} = ANY(r.external_ids)` : Prisma.empty;
  const page = await pageRows(db(), kind, Prisma.sql`r.installation_id = ANY(${ids}::text[]) ${byExternalId}`, params);
  // Extended objects carry the caller's permissions: admin where they administer the organization.
  const adminOf = ctx.actor.integration
    ? new Set<string>()
    : new Set((await db().member.findMany({ where: { userId: ctx.actor.userId, role: "admin", organizationId: { in: page.items.map((row) => row.organizationId) } }, select: { organizationId: true } })).map((m) => m.organizationId));
  return { ...page, items: await contentInstallationRecords(db(), kind, page.items, access.integration.name, params.extended, (row) => (adminOf.has(row.organizationId) ? "admin" : null)) };
}
