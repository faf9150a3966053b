import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor, type ListResult } from "../../pagination";
import { loadSite } from "../../policies/site";
import { presentRedirect, type SiteRedirectObject } from "./redirect-records";
import type { ListRedirectsParams } from "./schemas";

/** listSiteRedirects: newest first (createdAt, updatedAt) or by source, keyset-paged. */
export async function listRedirects(ctx: ServiceContext, organizationId: string, siteId: string, params: ListRedirectsParams): Promise<ListResult<SiteRedirectObject>> {
  await loadSite(db(), ctx.actor, organizationId, siteId);
  if (params.draft) return { items: [], count: 0 };
  const base: Prisma.SiteRedirectWhereInput = { siteId, ...(params.search ? { source: { contains: params.search, mode: "insensitive" } } : {}) };
  const cursor = decodeKeysetCursor(params.page);
  const field = params.orderBy;
  const direction = field === "source" ? "asc" : "desc";
  let where = base;
  if (cursor) {
    const value = field === "source" ? cursor.value : cursor.value === null ? null : new Date(cursor.value);
    if (value === null || (value instanceof Date && Number.isNaN(value.getTime()))) throw fieldError("page", "Not a valid page cursor");
    const beyond = direction === "asc" ? "gt" : "lt";
    where = { AND: [base, { OR: [{ [field]: { [beyond]: value } }, { [field]: value, id: { [beyond]: cursor.id } }] }] };
  }
  const [rows, count] = await Promise.all([
    db().siteRedirect.findMany({ where, orderBy: [{ [field]: direction }, { id: direction }], take: params.limit + 1 }),
    db().siteRedirect.count({ where: base }),
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  const next =
    rows.length > params.limit && last
      ? { page: encodeKeysetCursor(field === "source" ? last.source : last[field].toISOString(), last.id) }
      : undefined;
  return { items: items.map(presentRedirect), count, ...(next ? { next } : {}) };
}
