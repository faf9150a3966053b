import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Collection, Organization, Space } from "../db/generated/client";
import { notFound } from "../errors";
import { contentRole } from "./content-role";
import { parseDefaultLevel, parseRole, type DefaultLevel, type Role } from "./roles";
import { assertSsoSatisfied } from "./sso";

/**
 * Scoped loaders: every record reaches the service layer through one of these, with the
 * caller's role on it. A record the caller may not see is "not found", whatever the reason.
 *
 * A role on content comes from the member's organization role through the default levels from
 * the item up its collections (content-role.ts), raised by the grants made to the member or
 * their teams on the item or any collection above it. What gives it is read in one query per
 * item (`accessChain`), or once per organization for lists (`contentRoleResolver`).
 *
 * A member the organization's single sign-on rule keeps out (server/policies/sso.ts) is refused
 * with a 403 saying so: they know the organization, and need to know how to get in.
 */

export type OrgAccess = { organization: Organization; memberRole: Role | null; userId: string };
export type CollectionAccess = OrgAccess & { collection: Collection; role: Role | null };
export type SpaceAccess = OrgAccess & { space: Space; role: Role | null };

/** A default level along an item's chain: the space's own (`collectionId` null), then each collection's, nearest first. */
export type ChainLevel = { collectionId: string | null; level: DefaultLevel };
/** A grant reaching an item: on the space or a collection above it, to the member (`teamId` null) or one of their teams. */
export type ChainGrant = { id: string; targetType: "space" | "collection"; targetId: string; teamId: string | null; role: Role };
export type AccessChain = { levels: ChainLevel[]; grants: ChainGrant[] };

export async function loadOrganization(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const member = await tx.member.findUnique({
    where: { organizationId_userId: { organizationId, userId: actor.userId } },
    include: { organization: true },
  });
  if (!member) throw notFound(`No organization ${organizationId}.`);
  const memberRole = parseRole(member.role);
  assertSsoSatisfied(actor, member.organization, memberRole);
  return { organization: member.organization, memberRole, userId: actor.userId };
}

/**
 * Everything that gives `userId` a role on an item, in one query: the default levels from the item
 * up to the root (a space's own first, when the item is a space), and the grants to the user or
 * their teams on the space and on every collection above it.
 */
export async function accessChain(tx: Db, userId: string, item: { space?: Pick<Space, "id" | "defaultLevel">; collectionId: string | null }): Promise<AccessChain> {
  const spaceId = item.space?.id ?? null;
  const rows = await tx.$queryRaw<{ kind: "level" | "grant"; id: string; depth: number; value: string | null; target_type: string | null; target_id: string | null; team_id: string | null }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_id, default_level, 1 AS depth FROM collections WHERE id = ${item.collectionId}
      UNION ALL
      SELECT c.id, c.parent_id, c.default_level, chain.depth + 1
      FROM collections c JOIN chain ON c.id = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT 'level' AS kind, id, depth, default_level AS value, NULL AS target_type, NULL AS target_id, NULL AS team_id FROM chain
    UNION ALL
    SELECT 'grant', g.id, 0, g.role, CASE WHEN g.space_id IS NULL THEN 'collection' ELSE 'space' END, COALESCE(g.space_id, g.collection_id), g.team_id
    FROM content_grants g
    WHERE (g.space_id = ${spaceId} OR g.collection_id IN (SELECT id FROM chain))
      AND (g.user_id = ${userId} OR g.team_id IN (SELECT team_id FROM team_members WHERE user_id = ${userId}))`;
  const levels: ChainLevel[] = rows
    .filter((row) => row.kind === "level")
    .sort((a, b) => a.depth - b.depth)
    .map((row) => ({ collectionId: row.id, level: parseDefaultLevel(row.value) }));
  if (item.space) levels.unshift({ collectionId: null, level: parseDefaultLevel(item.space.defaultLevel) });
  const grants = rows
    .filter((row) => row.kind === "grant")
    .map((row) => ({ id: row.id, targetType: row.target_type as ChainGrant["targetType"], targetId: row.target_id!, teamId: row.team_id, role: row.value as Role }));
  return { levels, grants };
}

/** The role an access chain gives a member whose organization role is `memberRole`. */
export function roleFromChain(memberRole: Role | null, chain: AccessChain): Role | null {
  return contentRole({ memberRole, levels: chain.levels.map((entry) => entry.level), grants: chain.grants.map((grant) => grant.role) });
}

/** The caller's role on a collection of their organization (null: the root, where only the organization role counts). */
export async function collectionRole(tx: Db, access: OrgAccess, collectionId: string | null): Promise<Role | null> {
  if (collectionId === null) return contentRole({ memberRole: access.memberRole, levels: [] });
  return roleFromChain(access.memberRole, await accessChain(tx, access.userId, { collectionId }));
}

/** The caller's role on a space of their organization, as it now stands (after a write, say). */
export async function spaceRoleOf(tx: Db, access: OrgAccess, space: Pick<Space, "id" | "defaultLevel" | "parentId">): Promise<Role | null> {
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
  if (!member) return null;
  const memberRole = parseRole(member.role);
  assertSsoSatisfied(actor, organization, memberRole);
  return { organization, memberRole, userId: actor.userId };
}

export async function loadCollection(tx: Db, actor: Actor, collectionId: string): Promise<CollectionAccess> {
  const record = await tx.collection.findUnique({ where: { id: collectionId }, include: withMembership(actor) });
  const org = record && membershipOf(actor, record);
  if (!record || !org) throw notFound(`No collection ${collectionId}.`);
  const { organization: _, ...collection } = record;
  const role = await collectionRole(tx, org, collection.id);
  if (role === null) throw notFound(`No collection ${collectionId}.`);
  return { ...org, collection, role };
}

/** Loads a space; deleted spaces are only found with `deleted: true` (the trash and restore). */
export async function loadSpace(tx: Db, actor: Actor, spaceId: string, options: { deleted?: boolean } = {}): Promise<SpaceAccess> {
  const record = await tx.space.findUnique({ where: { id: spaceId }, include: withMembership(actor) });
  const org = record && membershipOf(actor, record);
  if (!record || !org || (record.deletedAt !== null) !== Boolean(options.deleted)) throw notFound(`No space ${spaceId}.`);
  const { organization: _, ...space } = record;
  const role = await spaceRoleOf(tx, org, space);
  if (role === null) throw notFound(`No space ${spaceId}.`);
  return { ...org, space, role };
}

/**
 * Roles on many items of one organization at once (lists), from two queries — the organization's
 * collections and the caller's grants in it — instead of one chain per item.
 */
export async function contentRoleResolver(tx: Db, access: OrgAccess) {
  const { memberRole } = access;
  const [collections, grants] = await Promise.all([
    tx.collection.findMany({ where: { organizationId: access.organization.id }, select: { id: true, parentId: true, defaultLevel: true } }),
    tx.$queryRaw<{ space_id: string | null; collection_id: string | null; role: Role }[]>`
      SELECT space_id, collection_id, role FROM content_grants
      WHERE organization_id = ${access.organization.id}
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
    /** Spaces granted to the caller directly, and collections whose every space the caller's grants reach. */
    grantedSpaceIds: grants.flatMap((grant) => (grant.space_id ? [grant.space_id] : [])),
    grantReachesCollection: (collectionId: string) => chainFrom(collectionId).grants.length > 0,
  };
}

/**
 * Prisma filters selecting the collections and spaces a member can see, so that lists page
 * in SQL (a filtered page is still `limit` long) instead of dropping rows after the query.
 */
export async function visibleContentFilters(tx: Db, access: OrgAccess) {
  const resolver = await contentRoleResolver(tx, access);
  const collections = await tx.collection.findMany({ where: { organizationId: access.organization.id }, select: { id: true } });
  const visibleCollectionIds = collections.filter((collection) => resolver.collection(collection) !== null).map((c) => c.id);
  const grantedCollectionIds = collections.filter((collection) => resolver.grantReachesCollection(collection.id)).map((c) => c.id);
  const rootVisible = contentRole({ memberRole: access.memberRole, levels: [] }) !== null;
  const everything = access.memberRole === "admin";
  // Grants reach a space whatever the default levels say: granted itself, or under a granted collection.
  const granted = [{ id: { in: resolver.grantedSpaceIds } }, { parentId: { in: grantedCollectionIds } }];
  return {
    resolver,
    collectionWhere: everything ? {} : { id: { in: visibleCollectionIds } },
    spaceWhere: everything
      ? {}
      : access.memberRole === null
        ? { OR: granted }
        : {
            OR: [
              { defaultLevel: { in: ["read", "comment", "edit", "review", "create", "admin"] } },
              {
                defaultLevel: "inherit",
                // A space that inherits sees what its parent collection grants.
                OR: [...(rootVisible ? [{ parentId: null }] : []), { parentId: { in: visibleCollectionIds } }],
              },
              ...granted,
            ],
          },
  };
}
