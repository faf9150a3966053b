import type { Actor } from "../../auth/actor";
import type { Db } from "../../db/client";
import { Prisma, type Integration, type IntegrationInstallation } from "../../db/generated/client";
import { badRequest, notFound } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListParams, type ListResult } from "../../pagination";
import { loadSpace } from "../../policies/access";
import { authorize, permits } from "../../policies/authorize";
import type { Role } from "../../policies/roles";
import { loadSite } from "../../policies/site";
import { siteRecords, type SiteRecord } from "../../sites/records";
import { spaceRecords, type SpaceRecord } from "../../spaces/records";
import { loadIntegration, type IntegrationAccess } from "../load";
import { isIntegrationCaller, orNotFound } from "./access";

/**
 * An installation on one space or one site (the reference's IntegrationSpaceInstallation and
 * IntegrationSiteInstallation), both written here once: the two differ only in their table, their
 * target's loader and permission, and the configuration schema they are checked against.
 *
 * Who: a user who may `installIntegration` on the space or site (its admins, the organization's
 * among them) installs, configures and uninstalls it there; the integration itself, or a token of
 * this installation, reads and configures it (configuration, externalIds), never installs or
 * uninstalls. The space or site must belong to the installing organization (else 404), and the
 * integration's `target` must allow it (else 400). Installing again answers the row as it is.
 */

export type ContentKind = "space" | "site";

/** A space's or a site's installation row, whichever table it comes from. */
type Row = { installationId: string; targetId: string; organizationId: string; status: string; configuration: unknown; externalIds: string[] };

/**
 * What the space and site installation services return: the row, of which integration and kind, and
 * (`extended`) the space's or site's record, absent when it is gone. No URL: the edge presents it
 * (server/presenters/integration-installation.ts).
 */
export type ContentInstallationRecord = Row & { kind: ContentKind; integrationName: string; extended: boolean; space?: SpaceRecord; site?: SiteRecord };
type Loaded = { id: string; organizationId: string; role: Role | null; manage: boolean };

export const TABLES = {
  space: { table: Prisma.raw("integration_space_installations"), column: Prisma.raw("space_id") },
  site: { table: Prisma.raw("integration_site_installations"), column: Prisma.raw("site_id") },
} as const;

export const SCOPE = { space: (id: string) => ({ kind: "space" as const, spaceId: id }), site: (id: string) => ({ kind: "site" as const, siteId: id }) };

/** The space or site as the caller sees it: a user through the scoped loaders, an integration by the installation's organization. */
async function loadTarget(tx: Db, actor: Actor, kind: ContentKind, organizationId: string, id: string): Promise<Loaded> {
  if (actor.integration) {
    const found =
      kind === "space"
        ? await tx.space.findFirst({ where: { id, organizationId, deletedAt: null }, select: { id: true } })
        : await tx.site.findFirst({ where: { id, organizationId }, select: { id: true } });
    if (!found) throw notFound(`No ${kind} ${id}.`);
    return { id, organizationId, role: null, manage: false };
  }
  if (kind === "space") {
    const { space, role } = await loadSpace(tx, actor, id);
    if (space.organizationId !== organizationId) throw notFound(`No space ${id} in this installation's organization.`);
    return { id, organizationId, role, manage: permits({ role }, "space.installIntegration", space) };
  }
  const { site, role } = await loadSite(tx, actor, organizationId, id);
  return { id: site.id, organizationId, role, manage: permits({ role }, "site.installIntegration") };
}

type ContentAccess = IntegrationAccess & { installation: IntegrationInstallation; target: Loaded; may: { read: boolean; configure: boolean; manage: boolean } };

export async function loadContentInstallation(tx: Db, actor: Actor, kind: ContentKind, integrationName: string, installationId: string, targetId: string): Promise<ContentAccess> {
  const missing = () => notFound(`No installation ${installationId} of ${integrationName}.`);
  const installation = await tx.integrationInstallation.findUnique({ where: { id: installationId } });
  if (!installation) throw missing();
  // A person's access to the space or site decides first: one they cannot see is not found, whatever else holds,
  // in the same words as an installation that does not exist (the answer tells nothing about either).
  const seen = actor.integration ? null : await orNotFound(loadTarget(tx, actor, kind, installation.organizationId, targetId));
  if (seen === null && !actor.integration) throw missing();
  const access = await loadIntegration(tx, actor, integrationName);
  if (installation.integrationId !== access.integration.id || (actor.integration && !isIntegrationCaller(actor, access.integration.id, installation.id))) throw missing();
  const target = seen ?? (await loadTarget(tx, actor, kind, installation.organizationId, targetId));
  if (actor.integration) return { ...access, installation, target, may: { read: true, configure: true, manage: false } };
  authorize({ may: target }, "contentInstallation.configure", { kind });
  return { ...access, installation, target, may: { read: true, configure: true, manage: true } };
}

const rowSelect = (kind: ContentKind) =>
  Prisma.sql`SELECT r.installation_id AS "installationId", r.${TABLES[kind].column} AS "targetId", r.status, r.configuration, r.external_ids AS "externalIds", i.organization_id AS "organizationId"
             FROM ${TABLES[kind].table} r JOIN integration_installations i ON i.id = r.installation_id`;

export async function findRow(tx: Db, kind: ContentKind, installationId: string, targetId: string): Promise<Row | null> {
  const [row] = await tx.$queryRaw<Row[]>`${rowSelect(kind)} WHERE r.installation_id = ${installationId} AND r.${TABLES[kind].column} = ${targetId}`;
  return row ?? null;
}

/** The records of `rows`, with (`extended`) their spaces or sites: a constant number of queries; the caller's role on each from `roleOf`. */
export async function contentInstallationRecords(tx: Db, kind: ContentKind, rows: Row[], integrationName: string, extended: boolean, roleOf: (row: Row) => Role | null): Promise<ContentInstallationRecord[]> {
  const ids = rows.map((row) => row.targetId);
  const rowOf = new Map(rows.map((row) => [row.targetId, row]));
  const spaces = new Map<string, SpaceRecord>();
  const sites = new Map<string, SiteRecord>();
  if (extended && kind === "space" && ids.length > 0) {
    const found = await tx.space.findMany({ where: { id: { in: ids } } });
    for (const record of await spaceRecords(tx, found, (space) => roleOf(rowOf.get(space.id)!))) spaces.set(record.id, record);
  }
  if (extended && kind === "site" && ids.length > 0) {
    const found = await tx.site.findMany({ where: { id: { in: ids } } });
    for (const record of await siteRecords(tx, found, (site) => roleOf(rowOf.get(site.id)!))) sites.set(record.id, record);
  }
  return rows.map((row) => ({ ...row, kind, integrationName, extended, space: spaces.get(row.targetId), site: sites.get(row.targetId) }));
}

export async function contentInstallationRecord(tx: Db, kind: ContentKind, row: Row, access: Pick<ContentAccess, "integration" | "target">, extended: boolean): Promise<ContentInstallationRecord> {
  const [record] = await contentInstallationRecords(tx, kind, [row], access.integration.name, extended, () => access.target.role);
  return record!;
}

export function assertTargetAllows(integration: Pick<Integration, "target" | "title">, kind: ContentKind): void {
  if (integration.target !== "all" && integration.target !== kind) {
    throw badRequest(`${integration.title} cannot be installed on a ${kind}: it is made for ${integration.target === "organization" ? "the organization alone" : `${integration.target}s`}.`);
  }
}

/** Rows matching `where`, keyset-paged by (installation, space or site). */
export async function pageRows(tx: Db, kind: ContentKind, where: Prisma.Sql, params: ListParams): Promise<ListResult<Row>> {
  const cursor = decodeKeysetCursor(params.page);
  const { column } = TABLES[kind];
  const after = cursor ? Prisma.sql`AND (r.installation_id, r.${column}) > (${cursor.value ?? ""}, ${cursor.id})` : Prisma.empty;
  const [rows, [total]] = await Promise.all([
    tx.$queryRaw<Row[]>`${rowSelect(kind)} WHERE ${where} ${after} ORDER BY r.installation_id, r.${column} LIMIT ${params.limit + 1}`,
    tx.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM ${TABLES[kind].table} r JOIN integration_installations i ON i.id = r.installation_id WHERE ${where}`,
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  return { items, count: total!.count, ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.installationId, last.targetId) } } : {}) };
}
