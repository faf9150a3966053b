import { describe, expect, it } from "vitest";
import { ROLES, type DefaultLevel, type Role } from "@/server/policies/roles";
import { contentRole, visibilityFilters, type VisibilityScope } from "@/server/policies/visibility";

/**
 * The visibility rule (server/policies/visibility.ts) gives each item a role in memory and the lists
 * Prisma filters; on generated organizations — a collection tree, spaces and sites at every level
 * with every default level, grants to the member on any of them — the filters select exactly the
 * items whose role is not null, for every organization role. The filters are evaluated here by a
 * small interpreter of the Prisma operators they use, so that the check needs no database.
 */

type Collection = { id: string; parentId: string | null; defaultLevel: DefaultLevel };
type Space = Collection;
type Site = { id: string; defaultLevel: DefaultLevel; granted: Role[] };
type World = { collections: Collection[]; spaces: Space[]; sites: Site[]; grants: Map<string, Role[]> };

const LEVELS: DefaultLevel[] = [...ROLES, null, "inherit", "inherit", "inherit"];

/** A small seeded generator, so that a failure names a world that can be built again. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { below: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

function world(seed: number): World {
  const rng = random(seed);
  const collections: Collection[] = [];
  for (let i = 0; i < 1 + rng.below(8); i++) {
    collections.push({ id: `c${i}`, parentId: i > 0 && rng.below(3) > 0 ? `c${rng.below(i)}` : null, defaultLevel: rng.pick(LEVELS) });
  }
  const parents = [null, ...collections.map((collection) => collection.id)];
  const spaces = Array.from({ length: 4 + rng.below(10) }, (_, i) => ({ id: `s${i}`, parentId: rng.pick(parents), defaultLevel: rng.pick(LEVELS) }));
  const grants = new Map<string, Role[]>();
  for (const item of [...collections, ...spaces]) if (rng.below(5) === 0) grants.set(item.id, [rng.pick(ROLES), ...(rng.below(3) === 0 ? [rng.pick(ROLES)] : [])]);
  const sites = Array.from({ length: 3 + rng.below(4) }, (_, i) => ({ id: `w${i}`, defaultLevel: rng.pick(LEVELS), granted: rng.below(4) === 0 ? [rng.pick(ROLES)] : [] }));
  return { collections, spaces, sites, grants };
}

/** An item's chain, from it up to the root: its default levels and the grants on it and above. */
function chainOf(w: World, item: Collection | Space, withItself = true) {
  const byId = new Map(w.collections.map((collection) => [collection.id, collection]));
  const levels: DefaultLevel[] = [];
  const grants: Role[] = [];
  for (let current: Collection | undefined = withItself ? item : byId.get(item.parentId ?? ""); current; current = byId.get(current.parentId ?? "")) {
    levels.push(current.defaultLevel);
    grants.push(...(w.grants.get(current.id) ?? []));
  }
  return { levels, grants };
}

/** Whether a row matches a Prisma where of the operators the filters use. */
function matches(row: Record<string, unknown>, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === "OR") return (condition as Record<string, unknown>[]).some((part) => matches(row, part));
    if (key === "AND") return (condition as Record<string, unknown>[]).every((part) => matches(row, part));
    // A site's grants to the member or their teams: the generated world holds the member's own.
    if (key === "grants") return (row.granted as Role[]).length > 0;
    if (condition !== null && typeof condition === "object") {
      const { in: among, ...rest } = condition as { in?: unknown[] };
      if (Object.keys(rest).length) throw new Error(`The interpreter does not know ${JSON.stringify(rest)}.`);
      return among!.includes(row[key]);
    }
    return row[key] === condition;
  });
}

const MEMBER_ROLES: (Role | null)[] = [null, ...ROLES];

describe("visibility: the in-memory role and the SQL filters agree", () => {
  it("on 300 generated organizations, for every organization role", () => {
    const seen = { visible: 0, hidden: 0 };
    for (let seed = 1; seed <= 300; seed++) {
      const w = world(seed);
      for (const memberRole of MEMBER_ROLES) {
        const scope: VisibilityScope = {
          memberRole,
          userId: "u1",
          collectionIds: w.collections.map((collection) => collection.id),
          collectionChain: (id) => chainOf(w, w.collections.find((collection) => collection.id === id)!),
          grantedSpaceIds: w.spaces.filter((space) => w.grants.has(space.id)).map((space) => space.id),
        };
        const filters = visibilityFilters(scope);
        const where = `world ${seed} as ${memberRole ?? "guest"}`;
        for (const collection of w.collections) {
          expect(matches(collection, filters.collectionWhere as Record<string, unknown>), `${where}: ${collection.id}`).toBe(contentRole({ memberRole, ...chainOf(w, collection) }) !== null);
        }
        for (const space of w.spaces) {
          const visible = contentRole({ memberRole, ...chainOf(w, space) }) !== null;
          seen[visible ? "visible" : "hidden"]++;
          expect(matches(space, filters.spaceWhere as Record<string, unknown>), `${where}: ${space.id}`).toBe(visible);
        }
        for (const site of w.sites) {
          expect(matches(site, filters.siteWhere as Record<string, unknown>), `${where}: ${site.id}`).toBe(contentRole({ memberRole, levels: [site.defaultLevel], grants: site.granted }) !== null);
        }
      }
    }
    // The worlds show both answers often: a check that only ever saw one could not fail.
    expect(seen.visible).toBeGreaterThan(1000);
    expect(seen.hidden).toBeGreaterThan(1000);
  });

  it("gives the role by its sources: admins administer all, the nearest deciding level caps, grants raise", () => {
    expect(contentRole({ memberRole: "admin", levels: [null] })).toBe("admin");
    expect(contentRole({ memberRole: "edit", levels: ["inherit", "read", "admin"] })).toBe("read");
    expect(contentRole({ memberRole: "read", levels: ["inherit", "admin"] })).toBe("read");
    expect(contentRole({ memberRole: "edit", levels: ["inherit", "inherit"] })).toBe("edit");
    expect(contentRole({ memberRole: "edit", levels: [null, "admin"] })).toBeNull();
    expect(contentRole({ memberRole: null, levels: ["admin"] })).toBeNull();
    expect(contentRole({ memberRole: null, levels: [], grants: ["comment", "review"] })).toBe("review");
    expect(contentRole({ memberRole: "edit", levels: ["read"], grants: ["comment"] })).toBe("comment");
    expect(contentRole({ memberRole: "edit", levels: ["inherit"], grants: ["read"] })).toBe("edit");
  });
});
