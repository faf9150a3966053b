import type { Db } from "../../db/client";
import type { EventRecorder } from "../../events/record-event";
import { removeSiteSpaces } from "./site-spaces";

/**
 * A space leaving its organization (moved to the trash, transferred away) leaves the sites
 * showing it, in the same transaction: its site spaces go, sections left empty with them, and each
 * site's structure rules are re-applied (defaults promoted, positions closed up). Sites are locked
 * in id order, as writeSite does, so that two such writes cannot deadlock each other.
 */
export async function removeSpaceFromSites(tx: Db, events: EventRecorder, space: { id: string; title: string }): Promise<void> {
  const siteIds = (await tx.siteSpace.findMany({ where: { spaceId: space.id }, select: { siteId: true }, distinct: ["siteId"], orderBy: { siteId: "asc" } })).map((row) => row.siteId);
  for (const siteId of siteIds) {
    const [site] = await tx.$queryRaw<{ id: string; organization_id: string }[]>`SELECT id, organization_id FROM sites WHERE id = ${siteId} FOR NO KEY UPDATE`;
    if (!site) continue;
    const rows = await tx.siteSpace.findMany({ where: { siteId, spaceId: space.id } });
    await removeSiteSpaces(tx, events, { id: site.id, organizationId: site.organization_id }, rows, new Map([[space.id, space.title]]));
  }
}
