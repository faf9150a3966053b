import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { paginateModel, type ListResult } from "../../pagination";
import { loadOrganization, loadSpace } from "../../policies/access";
import { parseRole } from "../../policies/roles";
import { loadSite } from "../../policies/site";
import { presentInstallation, type IntegrationInstallationObject } from "../../presenters/integration-installation";
import { reachesSiteSql, reachesSpaceSql } from "../reach";
import { integrationInclude, presentFor, type PresentableIntegration } from "../registry/queries";
import { reachedSpaceCounts } from "./records";
import type { IntegrationSearchParams, ListOrganizationInstallationsParams } from "./schemas";
import { authorize } from "../../policies/authorize";

/**
 * What is installed where, as lists of integrations: an organization's installations with their
 * integrations, and the integrations that reach one space or one site (server/integrations/reach.ts:
 * active, allowed by their target, and selecting all or this one).
 */

/** Most integrations one space or site list answers (the reference does not page them). */
const MAX_LISTED = 1000;

/** Presents integrations with the caller's permissions on each (its role in their owner organizations, from one query). */
async function presentIntegrations(ctx: ServiceContext, integrations: PresentableIntegration[]) {
  const owners = [...new Set(integrations.map((integration) => integration.organizationId))];
  const members = owners.length === 0 ? [] : await db().member.findMany({ where: { userId: ctx.actor.userId, organizationId: { in: owners } }, select: { organizationId: true, role: true } });
  const memberships = new Map(members.map((member) => [member.organizationId, parseRole(member.role)]));
  return integrations.map((integration) => presentFor(ctx, memberships, integration));
}
type IntegrationObject = ReturnType<typeof presentFor>;

const searchWhere = (search: string | undefined): Prisma.IntegrationWhereInput =>
  search ? { OR: [{ name: { contains: search, mode: "insensitive" } }, { title: { contains: search, mode: "insensitive" } }] } : {};

/** listOrganizationInstallations: the organization's installations (its admins'), each with its integration, oldest first. */
export async function listOrganizationInstallations(
  ctx: ServiceContext,
  organizationId: string,
  params: ListOrganizationInstallationsParams,
): Promise<ListResult<{ installation: IntegrationInstallationObject; integration: IntegrationObject }>> {
  const org = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(org, "organization.listInstallations");
  const page = await paginateModel(params, db().integrationInstallation, { organizationId, integration: searchWhere(params.search) });
  const ids = page.items.map((installation) => installation.id);
  const [counts, integrations] = await Promise.all([
    reachedSpaceCounts(db(), ids),
    db().integration.findMany({ where: { id: { in: page.items.map((installation) => installation.integrationId) } }, include: integrationInclude }),
  ]);
  const presented = new Map((await presentIntegrations(ctx, integrations)).map((integration, index) => [integrations[index]!.id, integration]));
  const nameOf = new Map(integrations.map((integration) => [integration.id, integration.name]));
  return {
    ...page,
    items: page.items.map((installation) => ({
      installation: presentInstallation(installation, nameOf.get(installation.integrationId)!, counts.get(installation.id) ?? 0, ctx.baseUrl),
      integration: presented.get(installation.integrationId)!,
    })),
  };
}

/** The integrations whose installation in `organizationId` reaches the space or site `reaches` says, by name. */
async function reachingIntegrations(tx: Db, organizationId: string, reaches: Prisma.Sql, search: string | undefined): Promise<PresentableIntegration[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.organization_id = ${organizationId} AND ${reaches}
    ORDER BY g.name LIMIT ${MAX_LISTED}`;
  return tx.integration.findMany({ where: { AND: [{ id: { in: rows.map((row) => row.id) } }, searchWhere(search)] }, include: integrationInclude, orderBy: { name: "asc" } });
}

/** listSpaceIntegrations: the integrations reaching a space the caller can see. */
export async function listSpaceIntegrations(ctx: ServiceContext, spaceId: string, params: IntegrationSearchParams): Promise<ListResult<IntegrationObject>> {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const integrations = await reachingIntegrations(db(), space.organizationId, reachesSpaceSql("i", "g", Prisma.sql`${space.id}`), params.search);
  return { items: await presentIntegrations(ctx, integrations), count: integrations.length };
}

/** listSiteIntegrations: the integrations reaching a site the caller can see. */
export async function listSiteIntegrations(ctx: ServiceContext, organizationId: string, siteId: string, params: IntegrationSearchParams): Promise<ListResult<IntegrationObject>> {
  const { site } = await loadSite(db(), ctx.actor, organizationId, siteId);
  const integrations = await reachingIntegrations(db(), organizationId, reachesSiteSql("i", "g", Prisma.sql`${site.id}`), params.search);
  return { items: await presentIntegrations(ctx, integrations), count: integrations.length };
}

/** An integration installed on a space or site, and how far: `active` (it receives the events), `pending` (configuration missing) or `paused`. */
export type InstalledHereItem = { integration: IntegrationObject; status: string };

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
  const presented = await presentIntegrations(ctx, integrations);
  const statusOf = new Map(rows.map((row) => [row.id, row.status]));
  return { items: presented.map((integration, index) => ({ integration, status: statusOf.get(integrations[index]!.id)! })) };
}
