import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { loadSpace } from "../../policies/access";
import { loadSite } from "../../policies/site";
import { integrationInclude } from "../registry/records";
import { integrationRecords, MAX_LISTED, type InstalledHereItem } from "./installed-integrations";

/**
 * The Integrations tab of a space or site: every integration whose installation in the
 * organization names it (all spaces or sites selected, or installed on this one), whatever its
 * status, so that a pending installation is listed as pending rather than missing. The status is
 * the organization installation's when it is not active, else this space's or site's own.
 */
export async function listInstalledHere(
  ctx: ServiceContext,
  place: { kind: "space"; spaceId: string } | { kind: "site"; organizationId: string; siteId: string },
): Promise<{ items: InstalledHereItem[] }> {
  const { kind } = place;
  const target = place.kind === "space" ? (await loadSpace(db(), ctx.actor, place.spaceId)).space : (await loadSite(db(), ctx.actor, place.organizationId, place.siteId)).site;
  const table = Prisma.raw(kind === "space" ? "integration_space_installations" : "integration_site_installations");
  const column = Prisma.raw(kind === "space" ? "space_id" : "site_id");
  const selection = Prisma.raw(kind === "space" ? "space_selection" : "site_selection");
  const rows = await db().$queryRaw<{ id: string; status: string }[]>`
    SELECT g.id, CASE WHEN i.status <> 'active' THEN i.status ELSE COALESCE(here.status, 'active') END AS status
    FROM integration_installations i
    JOIN integrations g ON g.id = i.integration_id
    LEFT JOIN ${table} here ON here.installation_id = i.id AND here.${column} = ${target.id}
    WHERE i.organization_id = ${target.organizationId} AND g.target IN ('all', ${kind}) AND (i.${selection} = 'all' OR here.installation_id IS NOT NULL)
    ORDER BY g.name LIMIT ${MAX_LISTED}`;
  const integrations = await db().integration.findMany({ where: { id: { in: rows.map((row) => row.id) } }, include: integrationInclude, orderBy: { name: "asc" } });
  const records = await integrationRecords(ctx, integrations);
  const statusOf = new Map(rows.map((row) => [row.id, row.status]));
  return { items: records.map((integration) => ({ integration, status: statusOf.get(integration.id)! })) };
}
