import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { parseRole } from "../../policies/roles";
import { integrationInclude, integrationRecord, type IntegrationRecord, type IntegrationWithAssets } from "../registry/records";

/**
 * What is installed where, as lists of integrations: an organization's installations with their
 * integrations, and the integrations that reach one space or one site (server/integrations/reach.ts:
 * active, allowed by their target, and selecting all or this one).
 */

/** Most integrations one space or site list answers (the reference does not page them). */
export const MAX_LISTED = 1000;

/** The records of integrations, with the caller's permissions on each (its role in their owner organizations, from one query). */
export async function integrationRecords(ctx: ServiceContext, integrations: IntegrationWithAssets[]): Promise<IntegrationRecord[]> {
  const owners = [...new Set(integrations.map((integration) => integration.organizationId))];
  const members = owners.length === 0 ? [] : await db().member.findMany({ where: { userId: ctx.actor.userId, organizationId: { in: owners } }, select: { organizationId: true, role: true } });
  const memberships = new Map(members.map((member) => [member.organizationId, parseRole(member.role)]));
  return integrations.map((integration) => integrationRecord(ctx.actor, memberships, integration));
}

export const searchWhere = (search: string | undefined): Prisma.IntegrationWhereInput =>
  search ? { OR: [{ name: { contains: search, mode: "insensitive" } }, { title: { contains: search, mode: "insensitive" } }] } : {};

/** The integrations whose installation in `organizationId` reaches the space or site `reaches` says, by name. */
export async function reachingIntegrations(tx: Db, organizationId: string, reaches: Prisma.Sql, search: string | undefined): Promise<IntegrationWithAssets[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT g.id FROM integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.organization_id = ${organizationId} AND ${reaches}
    ORDER BY g.name LIMIT ${MAX_LISTED}`;
  return tx.integration.findMany({ where: { AND: [{ id: { in: rows.map((row) => row.id) } }, searchWhere(search)] }, include: integrationInclude, orderBy: { name: "asc" } });
}

/** An integration installed on a space or site, and how far: `active` (it receives the events), `pending` (configuration missing) or `paused`. */
export type InstalledHereItem = { integration: IntegrationRecord; status: string };
