import type { Actor } from "../auth/actor";
import { preparedRows, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { organizationFromJson, spaceFromJson } from "../db/json-rows";
import { AppError, notFound } from "../errors";
import { reachesSiteSql, reachesSpaceSql } from "../integrations/reach";
import type { OrgAccess, SpaceAccess } from "./access";
import type { Role } from "./roles";

/**
 * What an installation token may do (`actor.via` "installation"). The integration's scopes give the
 * most it may do on a space or a site, as a role; the spaces and sites its installation reaches
 * (server/integrations/reach.ts) bound where. Everything else follows from the role, through the
 * same policies members go through (server/policies/access.ts and site.ts call here): a space or
 * site it does not reach is "not found", as one of another organization; an operation beyond the
 * role its scopes give is a 403 naming the scope it lacks (`scopeRefusal`).
 *
 * In its organization an installation is no member: the loaders give it the organization with no
 * member role (a guest's), so members, teams, the audit log and creating content stay out of reach,
 * and it holds no role on collections. The integration's own token (`via` "integration") is a bot
 * user who belongs to no organization: it reaches no organization content at all.
 */

/**
 * What only people do — create an organization, join one, edit a profile — an integration never
 * does, with its own token or an installation's: it acts within the installations organizations gave it.
 */
export function assertPerson(actor: Actor): void {
  if (actor.via === "integration" || actor.via === "installation") {
    throw new AppError("forbidden", "Integrations act only within their installations: creating or joining an organization, or editing a profile, is for people.", { reason: "integration_caller" });
  }
}

/** The installation a caller acts for, as the loaders carry it in `OrgAccess`. */
export type InstallationGrant = { id: string; integrationId: string; scopes: string[] };

const SPACE_READ_SCOPES = ["space:content:read", "space:metadata:read", "space:content:write", "space:metadata:write"];
const SITE_READ_SCOPES = ["site:metadata:read", "site:views:read", "page:feedback:read", "site:adaptive:read", "site:adaptive:write"];

/**
 * The role scopes give on a reached space: any space scope reads it; `space:content:write` edits
 * its content and opens change requests; settings need the admin role, which also edits content
 * (roles are ordered), so they take both `space:metadata:write` and `space:content:write`.
 */
export function installationSpaceRole(scopes: readonly string[]): Role | null {
  const has = (scope: string) => scopes.includes(scope);
  if (has("space:content:write")) return has("space:metadata:write") ? "admin" : "edit";
  return SPACE_READ_SCOPES.some(has) ? "read" : null;
}

/** The role scopes give on a reached site: reading it (its settings, structure, views and feedback); no scope changes a site. */
export function installationSiteRole(scopes: readonly string[]): Role | null {
  return SITE_READ_SCOPES.some((scope) => scopes.includes(scope)) ? "read" : null;
}

/** The scope that would raise an installation's role on spaces by one step, or null when none would. */
function nextSpaceScope(scopes: readonly string[]): string | null {
  if (installationSpaceRole(scopes) === null) return "space:content:read";
  if (!scopes.includes("space:content:write")) return "space:content:write";
  return scopes.includes("space:metadata:write") ? null : "space:metadata:write";
}

/** Where a refused /v1 request was aimed, for `scopeRefusal`. */
export type RefusedTarget = "space" | "site" | "organization";

/** What a /v1 path template (the reference's) acts on: a space and what is in it, a site, or the organization. */
function targetOf(pathTemplate: string): RefusedTarget {
  if (pathTemplate.startsWith("/v1/spaces/{spaceId}")) return "space";
  return pathTemplate.includes("/sites/{siteId}") ? "site" : "organization";
}

/**
 * What the /v1 router answers an installation token whose operation a service refused (403): the
 * refusal in the words of scopes (`scopeRefusal`). Other errors pass unchanged.
 */
export async function installationRefusal(tx: Db, actor: Actor, pathTemplate: string, error: unknown): Promise<unknown> {
  if (!(error instanceof AppError) || error.code !== "forbidden") return error;
  return scopeRefusal(targetOf(pathTemplate), await installationScopes(tx, actor), error);
}

/**
 * The 403 an installation gets when an operation needs more than its scopes give: naming the scope
 * to ask for (`details.scope`), or saying that no scope gives it. Refusals that already name a
 * scope, or that a role from more scopes would not lift (a space in locked edit mode), pass as they are.
 */
export function scopeRefusal(target: RefusedTarget, scopes: readonly string[], refusal: AppError): AppError {
  if (refusal.details?.scope || refusal.details?.reason) return refusal;
  if (target === "space") {
    const scope = nextSpaceScope(scopes);
    return scope ? missingScope(scope, refusal.message) : refusal;
  }
  if (target === "site") return new AppError("forbidden", `Installation tokens can only read sites; no integration scope changes them. (${refusal.message})`, { reason: "installation_scope" });
  return new AppError("forbidden", "An installation is no member of its organization: its token reaches only the spaces and sites the installation reaches.", { reason: "installation_scope" });
}

function missingScope(scope: string, why: string): AppError {
  return new AppError("forbidden", `This integration's installation token lacks the scope ${scope}. ${why}`, { scope });
}

/** The scopes of the actor's installation, for `scopeRefusal`, or [] when it is gone. */
async function installationScopes(tx: Db, actor: Actor): Promise<string[]> {
  const installationId = actor.integration?.installationId ?? null;
  const [row] = await tx.$queryRaw<{ scopes: string[] }[]>`
    SELECT g.scopes FROM integration_installations i JOIN integrations g ON g.id = i.integration_id WHERE i.id = ${installationId}`;
  return row?.scopes ?? [];
}

type InstallationRow = { installation_id: string; integration_id: string; scopes: string[] };
const grantOf = (row: InstallationRow): InstallationGrant => ({ id: row.installation_id, integrationId: row.integration_id, scopes: row.scopes });

/** The organization of the actor's installation, with no member role; any other organization is "not found". */
export async function loadInstallationMembership(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const [row] = await preparedRows<InstallationRow & { organization: Record<string, unknown> }>(tx, "installation-membership", Prisma.sql`
    SELECT to_jsonb(o) AS organization, i.id AS installation_id, g.id AS integration_id, g.scopes
    FROM integration_installations i JOIN integrations g ON g.id = i.integration_id JOIN organizations o ON o.id = i.organization_id
    WHERE i.id = ${actor.integration?.installationId ?? null} AND i.organization_id = ${organizationId} AND o.deleted_at IS NULL`);
  if (!row) throw notFound(`No organization ${organizationId}.`);
  return { organization: organizationFromJson(row.organization), memberRole: null, userId: actor.userId, installation: grantOf(row) };
}

/**
 * `loadSpace` for an installation, in one query: the space, its organization, the installation's
 * scopes, and whether it reaches the space. Reached without a space scope: 403, not "not found".
 */
export async function loadInstallationSpace(tx: Db, actor: Actor, spaceId: string, options: { deleted?: boolean }): Promise<SpaceAccess> {
  const [row] = await preparedRows<InstallationRow & { space: Record<string, unknown>; organization: Record<string, unknown>; reached: boolean }>(tx, "load-space-installation", Prisma.sql`
    SELECT to_jsonb(s) AS space, to_jsonb(o) AS organization, i.id AS installation_id, g.id AS integration_id, g.scopes,
           ${reachesSpaceSql("i", "g", Prisma.sql`s.id`)} AS reached
    FROM spaces s JOIN organizations o ON o.id = s.organization_id
    JOIN integration_installations i ON i.organization_id = s.organization_id AND i.id = ${actor.integration?.installationId ?? null}
    JOIN integrations g ON g.id = i.integration_id
    WHERE s.id = ${spaceId} AND o.deleted_at IS NULL`);
  if (!row?.reached || (row.space.deleted_at !== null) !== Boolean(options.deleted)) throw notFound(`No space ${spaceId}.`);
  const role = installationSpaceRole(row.scopes);
  if (role === null) throw missingScope("space:content:read", `Reading space ${spaceId} needs it.`);
  return { organization: organizationFromJson(row.organization), memberRole: null, userId: actor.userId, installation: grantOf(row), space: spaceFromJson(row.space), role };
}

/** The installation's role on a space of its organization as it now stands (after a write), null when it no longer reaches it. */
export async function installationSpaceRoleOf(tx: Db, grant: InstallationGrant, spaceId: string): Promise<Role | null> {
  const [row] = await tx.$queryRaw<{ reached: boolean }[]>`
    SELECT ${reachesSpaceSql("i", "g", Prisma.sql`${spaceId}`)} AS reached
    FROM integration_installations i JOIN integrations g ON g.id = i.integration_id WHERE i.id = ${grant.id}`;
  return row?.reached ? installationSpaceRole(grant.scopes) : null;
}

/** The spaces of the organization the installation reaches (for lists: `contentRoleResolver`, `visibleContentFilters`). */
export async function reachedSpaceIds(tx: Db, grant: InstallationGrant, organizationId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM spaces s, integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.id = ${grant.id} AND s.organization_id = ${organizationId} AND ${reachesSpaceSql("i", "g", Prisma.sql`s.id`)}`;
  return rows.map((row) => row.id);
}

/** Which of `siteIds` (all of the installation's organization) the installation reaches. */
export async function reachedSiteIds(tx: Db, grant: InstallationGrant, siteIds: string[]): Promise<Set<string>> {
  const rows = siteIds.length === 0 ? [] : await tx.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM unnest(${siteIds}::text[]) AS s(id), integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.id = ${grant.id} AND ${reachesSiteSql("i", "g", Prisma.sql`s.id`)}`;
  return new Set(rows.map((row) => row.id));
}

/** The sites of its organization an installation may see (for lists): those it reaches, when a scope of it reads sites. */
export async function visibleInstallationSiteIds(tx: Db, grant: InstallationGrant, organizationId: string): Promise<string[]> {
  if (installationSiteRole(grant.scopes) === null) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM sites s, integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.id = ${grant.id} AND s.organization_id = ${organizationId} AND ${reachesSiteSql("i", "g", Prisma.sql`s.id`)}`;
  return rows.map((row) => row.id);
}

/** A site the installation reaches while no scope of it reads sites: 403 naming the scope. */
export function assertReadsSites(grant: InstallationGrant, siteId: string): void {
  if (installationSiteRole(grant.scopes) === null) throw missingScope("site:metadata:read", `Reading site ${siteId} needs it.`);
}
