import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { paginateModel } from "../../pagination";
import { MAX_SHARE_KEY_LENGTH, shareKeyHash } from "./keys";
import { shareLinkRecord } from "./records";
import type { ListShareLinksParams } from "./schemas";
import { loadAdminSite } from "./share-link-records";

export async function listShareLinks(ctx: ServiceContext, organizationId: string, siteId: string, params: ListShareLinksParams) {
  const { site } = await loadAdminSite(db(), ctx, organizationId, siteId);
  const search = params.search || undefined;
  const where: Prisma.SiteShareLinkWhereInput = {
    siteId,
    ...(search
      ? { OR: [{ name: { contains: search, mode: "insensitive" } }, ...(search.length <= MAX_SHARE_KEY_LENGTH ? [{ keyHash: shareKeyHash(search) }] : [])] }
      : {}),
  };
  const page = await paginateModel(params, db().siteShareLink, where);
  return { ...page, items: await Promise.all(page.items.map((link) => shareLinkRecord(link, site))) };
}
