import type { Db } from "../db/client";
import type { Site } from "../db/generated/client";
import type { Role } from "../policies/roles";

/**
 * What the site services return: the site's row with the facts an answer about it shows — the
 * caller's role on it and how many site spaces it has, counted when read so that the count cannot
 * drift from the structure. No URL: the edge presents it (server/presenters/site.ts).
 */
export type SiteRecord = Site & { role: Role | null; siteSpaceCount: number };

/** How many site spaces each of `siteIds` has, in one query. */
export async function siteSpaceCounts(tx: Db, siteIds: string[]): Promise<Map<string, number>> {
  const rows = siteIds.length === 0 ? [] : await tx.siteSpace.groupBy({ by: ["siteId"], where: { siteId: { in: siteIds } }, _count: { _all: true } });
  const counted = new Map(rows.map((row) => [row.siteId, row._count._all]));
  return new Map(siteIds.map((id) => [id, counted.get(id) ?? 0]));
}

type RoleOf = (site: Site) => Role | null;

/**
 * The records of sites already read, with the caller's role on each: one query whatever their
 * number. `roleOf` may still be loading (a promise): it is awaited beside the count.
 */
export async function siteRecords(tx: Db, sites: Site[], roleOf: RoleOf | Promise<RoleOf>): Promise<SiteRecord[]> {
  const [resolve, counts] = await Promise.all([roleOf, siteSpaceCounts(tx, sites.map((site) => site.id))]);
  return sites.map((site) => ({ ...site, role: resolve(site), siteSpaceCount: counts.get(site.id)! }));
}

/** One site's record, inside the read or write that loaded it (so the answer shows the site as written). */
export async function siteRecord(tx: Db, site: Site, role: Role | null): Promise<SiteRecord> {
  const [record] = await siteRecords(tx, [site], () => role);
  return record!;
}
