import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Collection, Organization, Space } from "../db/generated/client";
import { notFound } from "../errors";
import { contentRole } from "./content-role";
import { parseDefaultLevel, parseRole, type DefaultLevel, type Role } from "./roles";

/**
 * Scoped loaders: every record reaches the service layer through one of these, with the
 * caller's role on it. A record the caller may not see is "not found", whatever the reason.
 */

export type OrgAccess = { organization: Organization; memberRole: Role | null };
export type CollectionAccess = OrgAccess & { collection: Collection; role: Role | null };
export type SpaceAccess = OrgAccess & { space: Space; role: Role | null };

export async function loadOrganization(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const member = await tx.member.findUnique({
    where: { organizationId_userId: { organizationId, userId: actor.userId } },
    include: { organization: true },
  });
  if (!member) throw notFound(`No organization ${organizationId}.`);
  return { organization: member.organization, memberRole: parseRole(member.role) };
}

/** Default levels from the collection `collectionId` up to the root, nearest first. */
export async function collectionLevels(tx: Db, collectionId: string | null): Promise<DefaultLevel[]> {
  if (!collectionId) return [];
  const rows = await tx.$queryRaw<{ default_level: string | null }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_id, default_level, 1 AS depth FROM collections WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id, c.parent_id, c.default_level, chain.depth + 1
      FROM collections c JOIN chain ON c.id = chain.parent_id
      WHERE chain.depth < 64
    )
    SELECT default_level FROM chain ORDER BY depth`;
  return rows.map((row) => parseDefaultLevel(row.default_level));
}

/** Loads a record's organization together with the caller's membership, in the same query. */
const withMembership = (actor: Actor) => ({
  organization: { include: { members: { where: { userId: actor.userId }, select: { role: true } } } },
});

/** The organization and member role of a record loaded `withMembership`, or null for a non-member. */
function membershipOf(record: { organization: Organization & { members: { role: string | null }[] } }): OrgAccess | null {
  const { members, ...organization } = record.organization;
  const member = members[0];
  return member ? { organization, memberRole: parseRole(member.role) } : null;
}

export async function loadCollection(tx: Db, actor: Actor, collectionId: string): Promise<CollectionAccess> {
  const record = await tx.collection.findUnique({ where: { id: collectionId }, include: withMembership(actor) });
  const org = record && membershipOf(record);
  if (!record || !org) throw notFound(`No collection ${collectionId}.`);
  const { organization: _, ...collection } = record;
  const role = contentRole({ memberRole: org.memberRole, levels: await collectionLevels(tx, collection.id) });
  if (role === null) throw notFound(`No collection ${collectionId}.`);
  return { ...org, collection, role };
}

/** Loads a space; deleted spaces are only found with `deleted: true` (the trash and restore). */
export async function loadSpace(tx: Db, actor: Actor, spaceId: string, options: { deleted?: boolean } = {}): Promise<SpaceAccess> {
  const record = await tx.space.findUnique({ where: { id: spaceId }, include: withMembership(actor) });
  const org = record && membershipOf(record);
  if (!record || !org || (record.deletedAt !== null) !== Boolean(options.deleted)) throw notFound(`No space ${spaceId}.`);
  const { organization: _, ...space } = record;
  const role = spaceRole(org.memberRole, space, await collectionLevels(tx, space.parentId));
  if (role === null) throw notFound(`No space ${spaceId}.`);
  return { ...org, space, role };
}

export function spaceRole(memberRole: Role | null, space: Pick<Space, "defaultLevel">, parentLevels: DefaultLevel[]): Role | null {
  return contentRole({ memberRole, levels: [parseDefaultLevel(space.defaultLevel), ...parentLevels] });
}

/**
 * Roles on many items of one organization at once (lists), from one query of the
 * organization's collections instead of one ancestor walk per item.
 */
export async function contentRoleResolver(tx: Db, organizationId: string, memberRole: Role | null) {
  const collections = await tx.collection.findMany({
    where: { organizationId },
    select: { id: true, parentId: true, defaultLevel: true },
  });
  const byId = new Map(collections.map((collection) => [collection.id, collection]));
  const levelsFrom = (collectionId: string | null): DefaultLevel[] => {
    const levels: DefaultLevel[] = [];
    for (let id = collectionId, depth = 0; id && depth < 64; depth++) {
      const collection = byId.get(id);
      if (!collection) break;
      levels.push(parseDefaultLevel(collection.defaultLevel));
      id = collection.parentId;
    }
    return levels;
  };
  return {
    collection: (collection: Pick<Collection, "id">) => contentRole({ memberRole, levels: levelsFrom(collection.id) }),
    space: (space: Pick<Space, "defaultLevel" | "parentId">) => spaceRole(memberRole, space, levelsFrom(space.parentId)),
    levelsFrom,
  };
}

/**
 * Prisma filters selecting the collections and spaces a member can see, so that lists page
 * in SQL (a filtered page is still `limit` long) instead of dropping rows after the query.
 */
export async function visibleContentFilters(tx: Db, access: OrgAccess) {
  const resolver = await contentRoleResolver(tx, access.organization.id, access.memberRole);
  const collections = await tx.collection.findMany({ where: { organizationId: access.organization.id }, select: { id: true } });
  const visibleCollectionIds = collections.filter((collection) => resolver.collection(collection) !== null).map((c) => c.id);
  const rootVisible = contentRole({ memberRole: access.memberRole, levels: [] }) !== null;
  const everything = access.memberRole === "admin";
  const nothing = access.memberRole === null;
  return {
    resolver,
    collectionWhere: everything ? {} : nothing ? { id: { in: [] as string[] } } : { id: { in: visibleCollectionIds } },
    spaceWhere: everything
      ? {}
      : nothing
        ? { id: { in: [] as string[] } }
        : {
            OR: [
              { defaultLevel: { in: ["read", "comment", "edit", "review", "create", "admin"] } },
              {
                defaultLevel: "inherit",
                // A space that inherits sees what its parent collection grants.
                OR: [...(rootVisible ? [{ parentId: null }] : []), { parentId: { in: visibleCollectionIds } }],
              },
            ],
          },
  };
}
