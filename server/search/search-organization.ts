import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization, visibleContentFilters } from "../policies/access";
import { searchPages, type PageHit, type SearchParams } from "./query";

/** A space with its pages found, best first: the space's fields the answer shows beside them. */
export type SpaceHitRecord = { id: string; title: string; organizationId: string; pages: PageHit[] };

/**
 * Full-text search of every space of an organization the caller can see (deleted spaces
 * excluded), ranked across spaces; each result page is grouped under its space, spaces in the
 * order of their best page, and `rank` keeps each page's place in the whole ranking.
 */
export async function searchOrganization(ctx: ServiceContext, organizationId: string, params: SearchParams) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { spaceWhere } = await visibleContentFilters(db(), access);
  const spaces = await db().space.findMany({
    where: { AND: [{ organizationId, deletedAt: null }, spaceWhere] },
    select: { id: true, title: true, organizationId: true },
  });
  const byId = new Map(spaces.map((space) => [space.id, space]));
  const { pages, count, next } = await searchPages([...byId.keys()], params);
  const grouped = new Map<string, SpaceHitRecord>();
  for (const page of pages) {
    const group = grouped.get(page.spaceId) ?? { ...byId.get(page.spaceId)!, pages: [] };
    group.pages.push(page);
    grouped.set(page.spaceId, group);
  }
  return { items: [...grouped.values()], count, ...(next ? { next } : {}) };
}
