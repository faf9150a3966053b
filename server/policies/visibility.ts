import type { Prisma } from "../db/generated/client";
import { higherOf, lowerOf, ROLES, type DefaultLevel, type Role } from "./roles";

/**
 * Who sees which content, and with what role: the one rule, written once, as data. A member's role
 * on a collection, a space or a docs site is the highest role its sources give (`ROLE_SOURCES`); they
 * see the item when that role is not null.
 *
 * Each source says what it gives an item from the item's chain (`gives`: the default levels from the
 * item up to the root, nearest first, and the grants along it), which the loaders apply in memory
 * (server/policies/access.ts), and which items it gives anything, as Prisma filters (`reaches`), which
 * the lists page with in SQL. `reaches` is derived from `gives`: it asks `gives` about each level an
 * item may hold and about each collection of the organization. Since a role is the highest of the
 * sources', an item is visible when any source reaches it: the filters are the sources' filters, or-ed.
 * tests/policies/visibility.unit.test.ts checks that the two agree on generated organizations.
 */

/** What decides a member's role on an item: their organization role (null: a guest), the item's chain. */
export type RoleInput = { memberRole: Role | null; levels: DefaultLevel[]; grants?: Role[] };

/** What the filters know of one member in one organization. */
export type VisibilityScope = {
  memberRole: Role | null;
  userId: string;
  /** The organization's collections. */
  collectionIds: string[];
  /** A collection's chain: the default levels from it up, and the member's grants on it and above. */
  collectionChain: (collectionId: string) => { levels: DefaultLevel[]; grants: Role[] };
  /** Spaces granted to the member or their teams directly. */
  grantedSpaceIds: string[];
};

/** Which items a source gives a role: every item, none, or those the filters select. */
type Reach = "everything" | "nothing" | { collectionIds: string[]; space: Prisma.SpaceWhereInput; site: Prisma.SiteWhereInput };

type RoleSource = {
  name: "organization-admin" | "default-level" | "grant";
  gives: (input: RoleInput) => Role | null;
  reaches: (scope: VisibilityScope) => Reach;
};

/** Organization admins administer all content, whatever its levels and grants. */
const organizationAdmin: RoleSource = {
  name: "organization-admin",
  gives: ({ memberRole }) => (memberRole === "admin" ? "admin" : null),
  reaches: ({ memberRole }) => (organizationAdmin.gives({ memberRole, levels: [] }) === null ? "nothing" : "everything"),
};

/**
 * The first default level that is not "inherit", from the item up, caps the member's organization
 * role: "inherit" all the way up gives the organization role, a null level nothing. Guests (no
 * organization role) get nothing by default.
 */
const defaultLevel: RoleSource = {
  name: "default-level",
  gives: ({ memberRole, levels }) => {
    // A null level decides too (no default access): only a level that is not there means "inherit".
    const found = levels.find((candidate) => candidate !== "inherit");
    const level = found === undefined ? "inherit" : found;
    if (memberRole === null || level === null) return null;
    return level === "inherit" ? memberRole : lowerOf(memberRole, level);
  },
  reaches: ({ memberRole, collectionIds, collectionChain }) => {
    const givesWith = (levels: DefaultLevel[]) => defaultLevel.gives({ memberRole, levels }) !== null;
    // An item's own level decides unless it is "inherit": then what is above it decides, up to the root.
    const deciding = ROLES.filter((level) => givesWith([level]));
    const ownLevel = [...(deciding.length ? [{ defaultLevel: { in: deciding } }] : []), ...(givesWith([null]) ? [{ defaultLevel: null }] : [])];
    const collections = collectionIds.filter((id) => givesWith(collectionChain(id).levels));
    const root = givesWith([]);
    const parents: Prisma.SpaceWhereInput[] = [...(root ? [{ parentId: null }] : []), ...(collections.length ? [{ parentId: { in: collections } }] : [])];
    if (ownLevel.length === 0 && parents.length === 0) return "nothing";
    return {
      collectionIds: collections,
      space: { OR: [...ownLevel, ...(parents.length ? [{ defaultLevel: "inherit", OR: parents }] : [])] },
      // A site sits at the root: an inheriting site has what the root gives.
      site: { OR: [...ownLevel, ...(root ? [{ defaultLevel: "inherit" }] : [])] },
    };
  },
};

/** Grants to the member or their teams, on the item or any collection above it, give their role. */
const grants: RoleSource = {
  name: "grant",
  gives: ({ grants: given = [] }) => given.reduce<Role | null>((best, grant) => higherOf(best, grant), null),
  reaches: ({ memberRole, userId, collectionIds, collectionChain, grantedSpaceIds }) => {
    const collections = collectionIds.filter((id) => grants.gives({ memberRole, levels: [], grants: collectionChain(id).grants }) !== null);
    return {
      collectionIds: collections,
      space: { OR: [{ id: { in: grantedSpaceIds } }, { parentId: { in: collections } }] },
      site: { grants: { some: { OR: [{ userId }, { team: { members: { some: { userId } } } }] } } },
    };
  },
};

/** Where a role on content comes from; the role is the highest they give. */
export const ROLE_SOURCES: readonly RoleSource[] = [organizationAdmin, defaultLevel, grants];

/** The role a member holds on a collection, a space or a site. */
export function contentRole(input: RoleInput): Role | null {
  return ROLE_SOURCES.reduce<Role | null>((role, source) => higherOf(role, source.gives(input)), null);
}

/** Whether an organization role administers all the organization's content (what the explanations of access say first). */
export const administersAllContent = (memberRole: Role | null) => organizationAdmin.gives({ memberRole, levels: [] }) !== null;

/** The Prisma filters selecting the collections, spaces and sites a member sees: those any source reaches. */
export function visibilityFilters(scope: VisibilityScope): { collectionWhere: Prisma.CollectionWhereInput; spaceWhere: Prisma.SpaceWhereInput; siteWhere: Prisma.SiteWhereInput } {
  const reaches = ROLE_SOURCES.map((source) => source.reaches(scope));
  if (reaches.includes("everything")) return { collectionWhere: {}, spaceWhere: {}, siteWhere: {} };
  const some = reaches.filter((reach): reach is Exclude<Reach, string> => typeof reach !== "string");
  return {
    collectionWhere: { id: { in: [...new Set(some.flatMap((reach) => reach.collectionIds))] } },
    spaceWhere: { OR: some.length ? some.map((reach) => reach.space) : [{ id: { in: [] } }] },
    siteWhere: { OR: some.length ? some.map((reach) => reach.site) : [{ id: { in: [] } }] },
  };
}
