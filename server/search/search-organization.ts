import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization, visibleContentFilters } from "../policies/access";
import { presentPageHit, presentSpaceHit, type SearchPageResult } from "../presenters/search";
import { searchPages, type SearchParams } from "./query";

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
  const grouped = new Map<string, SearchPageResult[]>();
  for (const page of pages) {
    const space = byId.get(page.spaceId)!;
    const group = grouped.get(space.id) ?? [];
    group.push(presentPageHit(page, space, ctx.baseUrl));
    grouped.set(space.id, group);
  }
  const items = [...grouped].map(([spaceId, group]) => presentSpaceHit(byId.get(spaceId)!, group));
  return { items, count, ...(next ? { next } : {}) };
}
