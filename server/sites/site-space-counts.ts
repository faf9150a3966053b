import type { Db } from "../db/client";

/** How many site spaces each of `siteIds` has (a site's `siteSpaces`), in one query: counted when read, so it cannot drift from the structure. */
export async function siteSpaceCounts(tx: Db, siteIds: string[]): Promise<Map<string, number>> {
  const rows = siteIds.length === 0 ? [] : await tx.siteSpace.groupBy({ by: ["siteId"], where: { siteId: { in: siteIds } }, _count: { _all: true } });
  const counted = new Map(rows.map((row) => [row.siteId, row._count._all]));
  return new Map(siteIds.map((id) => [id, counted.get(id) ?? 0]));
}
