import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { paginateModel, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { siteRoleResolver, visibleSitesWhere } from "../policies/site";
import { siteRecords } from "./records";
import type { SiteFilters } from "./schemas";

/**
 * The sites of an organization the caller can see (`listSites`), in creation order, paged in SQL,
 * filtered by a space they hold, a piece of their title, their published state and their type.
 * Roles and site space counts come from one query each for the whole page.
 */
export async function listSites(ctx: ServiceContext, organizationId: string, params: ListParams & SiteFilters) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const types = params.type === undefined ? undefined : [params.type].flat();
  const where: Prisma.SiteWhereInput = {
    AND: [
      { organizationId },
      await visibleSitesWhere(db(), access),
      ...(params.space ? [{ siteSpaces: { some: { spaceId: params.space } } }] : []),
      ...(params.title ? [{ title: { contains: params.title, mode: "insensitive" as const } }] : []),
      ...(params.published !== undefined ? [{ published: params.published }] : []),
      ...(types ? [{ type: { in: types } }] : []),
    ],
  };
  const page = await paginateModel(params, db().site, where);
  return { ...page, items: await siteRecords(db(), page.items, siteRoleResolver(db(), access, page.items)) };
}
