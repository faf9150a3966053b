import type { Actor } from "../auth/actor";
import { preparedRows, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { organizationFromJson, spaceFromJson } from "../db/json-rows";
import type { Collection, Organization, Site, Space } from "../db/generated/client";
import { notFound } from "../errors";
import { contentRole, visibilityFilters } from "./visibility";
import { installationSpaceRole, installationSpaceRoleOf, loadInstallationMembership, loadInstallationSpace, reachedSpaceIds, type InstallationGrant } from "./installation";
import { parseDefaultLevel, parseRole, type DefaultLevel, type Role } from "./roles";
import { assertSsoSatisfied } from "./sso";

/**
 * Scoped loaders: every record reaches the service layer through one of these, with the
 * caller's role on it. A record the caller may not see is "not found", whatever the reason.
 *
 * A role on content comes from the member's organization role through the default levels from
 * the item up its collections, raised by the grants made to the member or their teams on the item
 * or any collection above it: the rule of server/policies/visibility.ts. What gives it is read in one query per
 * item (`accessChain`), or once per organization for lists (`contentRoleResolver`).
 *
 * A member the organization's single sign-on rule keeps out (server/policies/sso.ts) is refused
 * with a 403 saying so: they know the organization, and need to know how to get in. A space or
 * collection they could not see anyway stays "not found", so the refusal confirms nothing about it.
 *
 * A deleted organization (server/organizations/delete-organization.ts) is gone: every loader finds
 * nothing of it, for everyone, and only `loadDeletedOrganization` finds it, for its admins to restore.
 */

/** `installation`: the caller is an installation token, no member (server/policies/installation.ts decides its roles). */
export type OrgAccess = { organization: Organization; memberRole: Role | null; userId: string; installation?: InstallationGrant };
export type CollectionAccess = OrgAccess & { collection: Collection; role: Role | null };
export type SpaceAccess = OrgAccess & { space: Space; role: Role | null };

/** A default level along an item's chain: the space's own (`collectionId` null), then each collection's, nearest first. */
export type ChainLevel = { collectionId: string | null; level: DefaultLevel };
/** A grant reaching an item: on the space (or site) or a collection above it, to the member (`teamId` null) or one of their teams. */
export type ChainGrant = { id: string; targetType: "space" | "collection" | "site"; targetId: string; teamId: string | null; role: Role };
export type AccessChain = { levels: ChainLevel[]; grants: ChainGrant[] };

export async function loadOrganization(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const access = await loadMembership(tx, actor, organizationId);
  assertSsoSatisfied(actor, access.organization, access.memberRole);
  return access;
}

/**
 * The caller's membership of an organization before its single sign-on rule is applied: for loaders
 * of what a member may not see (a team they are not in), which answer "not found" first and then
 * apply the rule themselves.
 */
export async function loadMembership(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  if (actor.via === "installation") return loadInstallationMembership(tx, actor, organizationId);
  const member = await tx.member.findUnique({
    where: { organizationId_userId: { organizationId, userId: actor.userId } },
    include: { organization: true },
  });
  if (!member || !isLive(member.organization)) throw notFound(`No organization ${organizationId}.`);
  return { organization: member.organization, memberRole: parseRole(member.role), userId: actor.userId };
}

/** Whether an organization is there: not deleted. What is not is found by no loader. */
export const isLive = (organization: Pick<Organization, "deletedAt">) => organization.deletedAt === null;

/**
 * A deleted organization, for its admins alone (restoring it, listing what they may restore): for
 * anyone else, and when it is not deleted, it is not found here.
 */
export async function loadDeletedOrganization(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const member = actor.via === "installation" ? null : await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId: actor.userId } }, include: { organization: true } });
  if (!member || isLive(member.organization) || parseRole(member.role) !== "admin") throw notFound(`No deleted organization ${organizationId}.`);
  return { organization: member.organization, memberRole: "admin", userId: actor.userId };
}

/**
 * Everything that gives `userId` a role on an item, in one query: the default levels from the item
 * up to the root (a space's own first, when the item is a space), and the grants to the user or
 * their teams on the space and on every collection above it.
 */
export async function accessChain(tx: Db, userId: string, item: ChainItem): Promise<AccessChain> {
  const { levels, grants } = await chainRows(tx, userId, item);
  return { levels, grants: grants.map(({ userId: _, ...grant }) => grant) };
}

/**
 * The access chain of an item for every member at once (who has access, and with what role): its
 * levels and the grants on it to anyone, from the same query as `accessChain`. `chainOf` gives one
 * member's chain from it, for `roleFromChain`.
 */
export async function accessChainOfEveryone(tx: Db, item: ChainItem) {
  const { levels, grants } = await chainRows(tx, null, item);
  const teamIds = [...new Set(grants.flatMap((grant) => (grant.teamId ? [grant.teamId] : [])))];
  const memberships = teamIds.length ? await tx.teamMember.findMany({ where: { teamId: { in: teamIds } }, select: { teamId: true, userId: true } }) : [];
  const teamsOf = new Map<string, Set<string>>();
  for (const { teamId, userId } of memberships) teamsOf.set(userId, new Set([...(teamsOf.get(userId) ?? []), teamId]));
  return {
    chainOf: (userId: string): AccessChain => ({
      levels,
      grants: grants
        .filter((grant) => grant.userId === userId || (grant.teamId !== null && teamsOf.get(userId)?.has(grant.teamId)))
        .map(({ userId: _, ...grant }) => grant),
    }),
  };
}

/** A space (with the collections above it), a collection, or a docs site (no collection above it). */
export type ChainItem = { space?: Pick<Space, "id" | "defaultLevel">; site?: Pick<Site, "id" | "defaultLevel">; collectionId: string | null };

/** The chain's levels and its grants to `userId` and their teams, or to anyone (`userId` null). */
async function chainRows(tx: Db, userId: string | null, item: ChainItem): Promise<{ levels: ChainLevel[]; grants: (ChainGrant & { userId: string | null })[] }> {
  const spaceId = item.space?.id ?? null;
  const siteId = item.site?.id ?? null;
  const [row] = await tx.$queryRaw<{ levels: { id: string; level: string | null }[]; grants: ChainGrantRow[] }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_id, default_level, 1 AS depth FROM collections WHERE id = ${item.collectionId}
      UNION ALL
      SELECT c.id, c.parent_id, c.default_level, chain.depth + 1
      FROM collections c JOIN chain ON c.id = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'level', default_level) ORDER BY depth), '[]') FROM chain) AS levels,
      (SELECT coalesce(jsonb_agg(${grantJson}), '[]') FROM content_grants g
        WHERE (g.space_id = ${spaceId} OR g.site_id = ${siteId} OR g.collection_id = ANY (ARRAY(SELECT id FROM chain)))
          AND (${userId}::text IS NULL OR g.user_id = ${userId} OR g.team_id IN (SELECT team_id FROM team_members WHERE user_id = ${userId}))) AS grants`;
  const chain = chainOf((item.space ?? item.site)?.defaultLevel, row!);
  return { levels: chain.levels, grants: row!.grants.map((grant) => ({ ...chainGrantOf(grant), userId: grant.user })) };
}

/** The chain from what the chain queries select: the item's own level first, when it is a space or a site. */
function chainOf(spaceLevel: string | null | undefined, row: { levels: { id: string; level: string | null }[]; grants: ChainGrantRow[] }): AccessChain {
  const levels: ChainLevel[] = row.levels.map((entry) => ({ collectionId: entry.id, level: parseDefaultLevel(entry.level) }));
  if (spaceLevel !== undefined) levels.unshift({ collectionId: null, level: parseDefaultLevel(spaceLevel) });
  return { levels, grants: row.grants.map(chainGrantOf) };
}

/** A grant as the chain queries select it (`grantJson`). */
type ChainGrantRow = { id: string; role: Role; space: string | null; collection: string | null; site?: string | null; team: string | null; user: string | null };
const grantJson = Prisma.sql`jsonb_build_object('id', g.id, 'role', g.role, 'space', g.space_id, 'collection', g.collection_id, 'site', g.site_id, 'team', g.team_id, 'user', g.user_id)`;

function chainGrantOf(row: ChainGrantRow): ChainGrant {
  const [targetType, targetId] = row.space ? (["space", row.space] as const) : row.site ? (["site", row.site] as const) : (["collection", row.collection!] as const);
  return { id: row.id, targetType, targetId, teamId: row.team, role: row.role };
}

/** The role an access chain gives a member whose organization role is `memberRole`. */
export function roleFromChain(memberRole: Role | null, chain: AccessChain): Role | null {
  return contentRole({ memberRole, levels: chain.levels.map((entry) => entry.level), grants: chain.grants.map((grant) => grant.role) });
}

/** The caller's role on a collection of their organization (null: the root, where only the organization role counts). */
export async function collectionRole(tx: Db, access: OrgAccess, collectionId: string | null): Promise<Role | null> {
  // Installations reach spaces, never collections.
  if (access.installation) return null;
  if (collectionId === null) return contentRole({ memberRole: access.memberRole, levels: [] });
  return roleFromChain(access.memberRole, await accessChain(tx, access.userId, { collectionId }));
}

/** The caller's role on a space of their organization, as it now stands (after a write, say). */
export async function spaceRoleOf(tx: Db, access: OrgAccess, space: Pick<Space, "id" | "defaultLevel" | "parentId">): Promise<Role | null> {
  if (access.installation) return installationSpaceRoleOf(tx, access.installation, space.id);
  return roleFromChain(access.memberRole, await accessChain(tx, access.userId, { space, collectionId: space.parentId }));
}

/** Loads a record's organization together with the caller's membership, in the same query. */
const withMembership = (actor: Actor) => ({
  organization: { include: { members: { where: { userId: actor.userId }, select: { role: true } } } },
});

/** The organization and member role of a record loaded `withMembership`, or null for a non-member. */
function membershipOf(actor: Actor, record: { organization: Organization & { members: { role: string | null }[] } }): OrgAccess | null {
  const { members, ...organization } = record.organization;
  const member = members[0];
  return member && isLive(organization) ? { organization, memberRole: parseRole(member.role), userId: actor.userId } : null;
}

export async function loadCollection(tx: Db, actor: Actor, collectionId: string): Promise<CollectionAccess> {
  const record = await tx.collection.findUnique({ where: { id: collectionId }, include: withMembership(actor) });
  const org = record && membershipOf(actor, record);
  if (!record || !org) throw notFound(`No collection ${collectionId}.`);
  const { organization: _, ...collection } = record;
  const role = await collectionRole(tx, org, collection.id);
  if (role === null) throw notFound(`No collection ${collectionId}.`);
  assertSsoSatisfied(actor, org.organization, org.memberRole);
  return { ...org, collection, role };
}

/**
 * What a caller reads of a space besides what access needs, in the same round trip as loading it
 * (`loadSpaceWith`): an answer about the space also shows its open comments and where it is
 * published. `select` is SQL over the space's id; its value is read only once access is granted.
 */
export type AlongsideSpace<T> = { name: string; select: (spaceId: string) => Prisma.Sql; read: (value: unknown) => T };

/**
 * Loads a space; deleted spaces are only found with `deleted: true` (the trash and restore). Every
 * `/v1` call on a space starts here, so it is one query: the space, its organization, the caller's
 * membership, and what gives them their role (`accessChain`'s levels and grants).
 */
export async function loadSpace(tx: Db, actor: Actor, spaceId: string, options: { deleted?: boolean } = {}): Promise<SpaceAccess> {
  return (await loadSpaceRow(tx, actor, spaceId, options, null)).access;
}

/** `loadSpace` and, in the same query, what `alongside` selects of the space (one round trip for an answer about it). */
export async function loadSpaceWith<T>(tx: Db, actor: Actor, spaceId: string, alongside: AlongsideSpace<T>): Promise<SpaceAccess & { alongside: T }> {
  const { access, value } = await loadSpaceRow(tx, actor, spaceId, {}, alongside);
  return { ...access, alongside: alongside.read(value) };
}

async function loadSpaceRow(tx: Db, actor: Actor, spaceId: string, options: { deleted?: boolean }, alongside: AlongsideSpace<unknown> | null): Promise<{ access: SpaceAccess; value: unknown }> {
  if (actor.via === "installation") {
    const access = await loadInstallationSpace(tx, actor, spaceId, options);
    if (!alongside) return { access, value: null };
    const [extra] = await preparedRows<{ alongside: unknown }>(tx, `alongside-${alongside.name}`, Prisma.sql`SELECT (${alongside.select(spaceId)}) AS alongside`);
    return { access, value: extra!.alongside };
  }
  const extra = alongside ? Prisma.sql`, (${alongside.select(spaceId)}) AS alongside` : Prisma.empty;
  const [row] = await preparedRows<{ space: Record<string, unknown> | null; organization: Record<string, unknown> | null; member_role: string | null; levels: { id: string; level: string | null }[]; grants: ChainGrantRow[]; alongside?: unknown }>(tx, alongside ? `load-space-with-${alongside.name}` : "load-space", Prisma.sql`
    WITH RECURSIVE target AS (
      SELECT s.*, m.role AS member_role FROM spaces s
      JOIN members m ON m.organization_id = s.organization_id AND m.user_id = ${actor.userId}
      WHERE s.id = ${spaceId}
    ), chain AS (
      SELECT c.id, c.parent_id, c.default_level, 1 AS depth FROM collections c JOIN target t ON c.id = t.parent_id
      UNION ALL
      SELECT c.id, c.parent_id, c.default_level, chain.depth + 1 FROM collections c JOIN chain ON c.id = chain.parent_id WHERE chain.depth < 64
    )
    SELECT
      (SELECT to_jsonb(t) - 'member_role' FROM target t) AS space,
      (SELECT to_jsonb(o) FROM organizations o JOIN target t ON o.id = t.organization_id) AS organization,
      (SELECT member_role FROM target) AS member_role,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'level', default_level) ORDER BY depth), '[]') FROM chain) AS levels,
      (SELECT coalesce(jsonb_agg(${grantJson}), '[]') FROM content_grants g
        WHERE EXISTS (SELECT 1 FROM target) AND (g.space_id = ${spaceId} OR g.collection_id = ANY (ARRAY(SELECT id FROM chain)))
          AND (g.user_id = ${actor.userId} OR g.team_id IN (SELECT team_id FROM team_members WHERE user_id = ${actor.userId}))) AS grants
      ${extra}`);
  if (!row?.space || !row.organization || (row.space.deleted_at !== null) !== Boolean(options.deleted)) throw notFound(`No space ${spaceId}.`);
  const space = spaceFromJson(row.space);
  const org: OrgAccess = { organization: organizationFromJson(row.organization), memberRole: parseRole(row.member_role), userId: actor.userId };
  if (!isLive(org.organization)) throw notFound(`No space ${spaceId}.`);
  const role = roleFromChain(org.memberRole, chainOf(space.defaultLevel, row));
  if (role === null) throw notFound(`No space ${spaceId}.`);
  // After the role: what a member may not see stays "not found", single sign-on or not.
  assertSsoSatisfied(actor, org.organization, org.memberRole);
  return { access: { ...org, space, role }, value: row.alongside ?? null };
}

/**
 * Roles on many items of one organization at once (lists), from two queries — the organization's
 * collections and the caller's grants in it — instead of one chain per item.
 */
export async function contentRoleResolver(tx: Db, access: OrgAccess) {
  return access.installation ? installationRoleResolver(tx, access.installation, access.organization.id) : memberRoleResolver(tx, access);
}

async function memberRoleResolver(tx: Db, access: OrgAccess) {
  const { memberRole } = access;
  const [collections, grants] = await Promise.all([
    tx.collection.findMany({ where: { organizationId: access.organization.id }, select: { id: true, parentId: true, defaultLevel: true } }),
    tx.$queryRaw<{ space_id: string | null; collection_id: string | null; role: Role }[]>`
      SELECT space_id, collection_id, role FROM content_grants
      WHERE organization_id = ${access.organization.id} AND site_id IS NULL
        AND (user_id = ${access.userId} OR team_id IN (SELECT team_id FROM team_members WHERE user_id = ${access.userId}))`,
  ]);
  const byId = new Map(collections.map((collection) => [collection.id, collection]));
  const grantsOn = new Map<string, Role[]>();
  for (const grant of grants) {
    const target = grant.space_id ?? grant.collection_id!;
    grantsOn.set(target, [...(grantsOn.get(target) ?? []), grant.role]);
  }
  /** Default levels and grants from a collection up to the root. */
  const chainFrom = (collectionId: string | null) => {
    const levels: DefaultLevel[] = [];
    const reached: Role[] = [];
    for (let id = collectionId, depth = 0; id && depth < 64; depth++) {
      const collection = byId.get(id);
      if (!collection) break;
      levels.push(parseDefaultLevel(collection.defaultLevel));
      reached.push(...(grantsOn.get(id) ?? []));
      id = collection.parentId;
    }
    return { levels, grants: reached };
  };
  return {
    collection: (collection: Pick<Collection, "id">) => contentRole({ memberRole, ...chainFrom(collection.id) }),
    space: (space: Pick<Space, "id" | "defaultLevel" | "parentId">) => {
      const above = chainFrom(space.parentId);
      return contentRole({ memberRole, levels: [parseDefaultLevel(space.defaultLevel), ...above.levels], grants: [...(grantsOn.get(space.id) ?? []), ...above.grants] });
    },
    /** Spaces granted to the caller directly. */
    grantedSpaceIds: grants.flatMap((grant) => (grant.space_id ? [grant.space_id] : [])),
    /** The organization's collections, each with its chain (for `visibilityFilters`). */
    collectionIds: collections.map((collection) => collection.id),
    collectionChain: chainFrom,
  };
}

/** `contentRoleResolver` for an installation: its scopes' role on the spaces it reaches, nothing on collections. */
async function installationRoleResolver(tx: Db, grant: InstallationGrant, organizationId: string) {
  const reached = await reachedSpaceIds(tx, grant, organizationId);
  const reachedSet = new Set(reached);
  const role = installationSpaceRole(grant.scopes);
  return {
    collection: (_collection: Pick<Collection, "id">): Role | null => null,
    space: (space: Pick<Space, "id" | "defaultLevel" | "parentId">) => (reachedSet.has(space.id) ? role : null),
    grantedSpaceIds: role === null ? [] : reached,
  };
}

/**
 * Prisma filters selecting the collections and spaces a member can see, so that lists page
 * in SQL (a filtered page is still `limit` long) instead of dropping rows after the query: the
 * visibility rule's filters (server/policies/visibility.ts), over the organization's collections.
 */
export async function visibleContentFilters(tx: Db, access: OrgAccess) {
  if (access.installation) {
    const resolver = await installationRoleResolver(tx, access.installation, access.organization.id);
    return { resolver, collectionWhere: { id: { in: [] } }, spaceWhere: { id: { in: resolver.grantedSpaceIds } } };
  }
  const resolver = await memberRoleResolver(tx, access);
  const { collectionIds, collectionChain, grantedSpaceIds } = resolver;
  const { collectionWhere, spaceWhere } = visibilityFilters({ memberRole: access.memberRole, userId: access.userId, collectionIds, collectionChain, grantedSpaceIds });
  return { resolver, collectionWhere, spaceWhere };
}
