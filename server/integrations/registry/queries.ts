import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListResult } from "../../pagination";
import { loadOrganization } from "../../policies/access";
import type { Role } from "../../policies/roles";
import { loadIntegration } from "../load";
import { callerMemberships, ownerSsoAllows } from "./memberships";
import { integrationInclude, integrationRecord, type IntegrationRecord } from "./records";
import { INTEGRATION_NAME_PATTERN, type ListIntegrationsQuery } from "./schemas";
import { authorize } from "../../policies/authorize";

/** One integration by name (404 when there is none, or it is another organization's private one). */
export async function getIntegration(ctx: ServiceContext, name: string): Promise<IntegrationRecord> {
  const tx = db();
  const { integration, viewer, permissions } = await loadIntegration(tx, ctx.actor, name);
  const assets = await tx.integrationAsset.findMany({ where: { integrationId: integration.id }, select: integrationInclude.assets.select });
  return { ...integration, assets, permissions, viewer };
}

/**
 * What the integration's developers configure beside its published definition, for its admins:
 * where its events go (its endpoint, or the tunnel while development mode is on) and how to
 * recognize its current token. Never the token or any secret.
 */
export async function getIntegrationDeveloperSettings(ctx: ServiceContext, name: string) {
  const { integration, viewer } = await loadIntegration(db(), ctx.actor, name);
  authorize(viewer, "integration.admin");
  return { endpoint: integration.endpoint, devTunnelUrl: integration.devTunnelUrl, devAll: integration.devAll, tokenPrefix: integration.tokenPrefix };
}

/**
 * The public catalog (`GET /v1/integrations`): public integrations only; unlisted ones are reached
 * by name. Filtering by an `owner` the caller is a member of lists all of that organization's
 * integrations, private and unlisted ones included, as its members see them anyway.
 */
export async function listIntegrations(ctx: ServiceContext, query: ListIntegrationsQuery): Promise<ListResult<IntegrationRecord>> {
  const tx = db();
  const memberships = await callerMemberships(tx, ctx.actor);
  let visible = Prisma.sql`i.visibility = 'public'`;
  if (query.owner !== undefined) {
    const owner = await tx.organization.findFirst({ where: { OR: [{ id: query.owner }, { hostname: query.owner.toLowerCase() }] }, select: { id: true, sso: true } });
    if (owner && memberships.has(owner.id) && ownerSsoAllows(ctx.actor, owner, memberships.get(owner.id) ?? null)) visible = Prisma.sql`TRUE`;
  }
  return listWhere(ctx, tx, memberships, visible, query);
}

/**
 * The integrations an organization may use (`GET /v1/orgs/{organizationId}/integrations`), for its
 * members: every public one, every one it owns (private and unlisted included), and the unlisted
 * ones it has installed.
 */
export async function listOrganizationIntegrations(ctx: ServiceContext, organizationId: string, query: ListIntegrationsQuery): Promise<ListResult<IntegrationRecord>> {
  const tx = db();
  await loadOrganization(tx, ctx.actor, organizationId);
  const visible = Prisma.sql`(i.visibility = 'public' OR i.organization_id = ${organizationId}
    OR (i.visibility = 'unlisted' AND EXISTS (SELECT 1 FROM integration_installations ii WHERE ii.integration_id = i.id AND ii.organization_id = ${organizationId})))`;
  return listWhere(ctx, tx, await callerMemberships(tx, ctx.actor), visible, query);
}

/** The reference's filters as SQL, each by its query parameter's name. */
function filtersOf(query: ListIntegrationsQuery): Prisma.Sql[] {
  const filters: Prisma.Sql[] = [];
  if (query.search) filters.push(Prisma.sql`strpos(lower(i.name || ' ' || i.title), lower(${query.search})) > 0`);
  if (query.category) filters.push(Prisma.sql`${query.category} = ANY (i.categories)`);
  if (query.scope) filters.push(Prisma.sql`${query.scope} = ANY (i.scopes)`);
  // What can be installed on that target: those made for it and those made for every target.
  if (query.target) filters.push(query.target === "all" ? Prisma.sql`i.target = 'all'` : Prisma.sql`i.target IN (${query.target}, 'all')`);
  if (query.blocks !== undefined) filters.push(query.blocks ? Prisma.sql`jsonb_array_length(i.blocks) > 0` : Prisma.sql`jsonb_array_length(i.blocks) = 0`);
  if (query.contentSources !== undefined) filters.push(query.contentSources ? Prisma.sql`jsonb_array_length(i.content_sources) > 0` : Prisma.sql`jsonb_array_length(i.content_sources) = 0`);
  if (query.owner !== undefined) filters.push(Prisma.sql`i.organization_id IN (SELECT id FROM organizations WHERE id = ${query.owner} OR hostname = ${query.owner.toLowerCase()})`);
  if (query.blockDomain) {
    // A block unfurls links of a domain when one of its URL patterns' host is it or a subdomain of it.
    const domain = query.blockDomain.toLowerCase();
    filters.push(Prisma.sql`EXISTS (
      SELECT 1 FROM jsonb_array_elements(i.blocks) AS block,
        jsonb_array_elements_text(CASE WHEN jsonb_typeof(block -> 'urlUnfurl') = 'array' THEN block -> 'urlUnfurl' ELSE '[]'::jsonb END) AS pattern,
        LATERAL (SELECT lower(substring(pattern FROM '^(?:[a-zA-Z][a-zA-Z0-9+.-]*://)?([^/:?#]+)')) AS host) AS h
      WHERE h.host = ${domain} OR right(h.host, ${domain.length + 1}) = ${`.${domain}`})`);
  }
  return filters;
}

/** A page of the integrations `visible` and the filters keep, in name order. */
async function listWhere(ctx: ServiceContext, tx: Db, memberships: Map<string, Role | null>, visible: Prisma.Sql, query: ListIntegrationsQuery): Promise<ListResult<IntegrationRecord>> {
  const cursor = decodeKeysetCursor(query.page);
  if (cursor && (cursor.value === null || !INTEGRATION_NAME_PATTERN.test(cursor.value))) throw fieldError("page", "Not a valid page cursor");
  // A deleted organization's integrations are in no list.
  const live = Prisma.sql`NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = i.organization_id AND o.deleted_at IS NOT NULL)`;
  const where = Prisma.join([visible, live, ...filtersOf(query)], " AND ");
  const after = cursor ? Prisma.sql`AND i.name COLLATE "C" > ${cursor.value} COLLATE "C"` : Prisma.empty;
  const [rows, [total]] = await Promise.all([
    tx.$queryRaw<{ id: string; name: string }[]>`SELECT i.id, i.name FROM integrations i WHERE ${where} ${after} ORDER BY i.name COLLATE "C" LIMIT ${query.limit + 1}`,
    tx.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM integrations i WHERE ${where}`,
  ]);
  const page = rows.slice(0, query.limit);
  const records = await tx.integration.findMany({ where: { id: { in: page.map((row) => row.id) } }, include: integrationInclude });
  const byId = new Map(records.map((record) => [record.id, record]));
  const last = page[page.length - 1];
  return {
    // A row unpublished between the two reads is left out.
    items: page.flatMap((row) => {
      const record = byId.get(row.id);
      return record ? [integrationRecord(ctx.actor, memberships, record)] : [];
    }),
    count: total?.count ?? 0,
    ...(rows.length > query.limit && last ? { next: { page: encodeKeysetCursor(last.name, last.id) } } : {}),
  };
}
