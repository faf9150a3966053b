import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { siteSpaceIn } from "./records";
import { assertPathFree } from "./paths";
import type { UpdateSiteSpaceInput } from "./schemas";
import { checkCondition } from "./section-records";
import { assertPageOfSpace, loadSiteSpace, loadSpaceForSite } from "./site-spaces";

export async function updateSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, input: UpdateSiteSpaceInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await loadSiteSpace(tx, siteId, siteSpaceId);
    if (input.path !== undefined && input.path !== row.path) {
      const siblings = await tx.siteSpace.findMany({ where: { siteId, sectionId: row.sectionId, id: { not: row.id } }, select: { path: true } });
      assertPathFree(input.path, new Set(siblings.map((sibling) => sibling.path)), "path");
    }
    checkCondition(access.site, input.condition);
    const space = input.spaceId !== undefined ? await loadSpaceForSite(tx, access, input.spaceId) : null;
    // A new space drops the custom home page, unless one of the new space's is given with it.
    const pageId = input.pageId !== undefined ? input.pageId : space && space.id !== row.spaceId ? null : undefined;
    if (pageId) await assertPageOfSpace(tx, space ?? (await loadSpaceForSite(tx, access, row.spaceId)), pageId);
    const updated = await tx.siteSpace.update({
      where: { id: row.id },
      data: {
        ...(input.path !== undefined ? { path: input.path } : {}),
        ...(input.condition !== undefined ? { condition: input.condition } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(space ? { spaceId: space.id } : {}),
        ...(pageId !== undefined ? { pageId } : {}),
      },
    });
    events.record({
      organizationId: access.site.organizationId,
      action: "site_space.updated",
      target: { type: "site-space", id: row.id, label: updated.title ?? updated.path },
      payload: { siteId, siteSpaceId: row.id, spaceId: updated.spaceId, ...(row.sectionId ? { siteSectionId: row.sectionId } : {}) },
    });
    return siteSpaceIn(row.id);
  });
}
