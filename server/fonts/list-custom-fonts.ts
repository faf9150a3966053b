import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { paginateById, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { fontRecord } from "./custom-font-records";
import { fontFacesInclude } from "./font-records";

export async function listCustomFonts(ctx: ServiceContext, organizationId: string, params: ListParams) {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  const page = await paginateById(
    params,
    (afterId, take) => tx.customFont.findMany({ where: { organizationId, ...(afterId ? { id: { gt: afterId } } : {}) }, include: fontFacesInclude, orderBy: { id: "asc" }, take }),
    () => tx.customFont.count({ where: { organizationId } }),
  );
  return { ...page, items: page.items.map((font) => fontRecord(access, font)) };
}
