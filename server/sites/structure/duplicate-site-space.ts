import { assertCanPlaceIn } from "../../content-tree/placement";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { duplicateSpace } from "../../spaces/duplicate-space";
import { writeStructure } from "./access";
import { siteSpaceIn } from "./records";
import { moveAmongSiblings } from "./order";
import { loadStructure, siteSpacesOf } from "./rules";
import { insertSection } from "./section-records";
import { addSiteSpace, loadSiteSpace } from "./site-spaces";

/**
 * Copies the space a site space shows (content and settings, server/spaces/duplicate-space.ts) and
 * adds the copy to the site, as the reference describes: right after it as another variant of its
 * section (or of the root), or, when it is its section's only variant, in a new section right after
 * that one. The copy is made first, in its own write; the site is checked before, so a caller who
 * may not change the site gets no copy.
 */
export async function duplicateSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  const before = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(before, "site.create");
  const source = await loadSiteSpace(db(), siteId, siteSpaceId);
  // Refused before anything is copied: the copy goes where the space is, which needs the create role there.
  const space = await db().space.findUniqueOrThrow({ where: { id: source.spaceId }, select: { parentId: true } });
  await assertCanPlaceIn(db(), before, space.parentId);
  const copy = await duplicateSpace(ctx, source.spaceId);
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await loadSiteSpace(tx, siteId, siteSpaceId);
    const structure = await loadStructure(tx, siteId);
    const section = structure.sections.find((candidate) => candidate.id === row.sectionId) ?? null;
    let sectionId = row.sectionId;
    if (section && siteSpacesOf(structure, section.id).length === 1) {
      const created = await insertSection(tx, siteId, { title: `${section.title.slice(0, 121)} (copy)`, icon: section.icon, groupId: section.sectionGroupId, isDefault: false });
      await tx.siteSection.update({ where: { id: created.id }, data: { description: section.description, condition: section.condition } });
      await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-section", id: created.id }, { after: { type: "site-section", id: section.id } });
      events.record({ organizationId: access.site.organizationId, action: "site_section.added", target: { type: "site-section", id: created.id, label: created.title }, payload: { siteId, siteSectionId: created.id } });
      sectionId = created.id;
    }
    const added = await addSiteSpace(tx, events, access, { spaceId: copy.id, sectionId, title: row.title, pageId: null });
    await tx.siteSpace.update({
      where: { id: added.id },
      data: { condition: row.condition, ...(row.customization !== null ? { customization: row.customization as Prisma.InputJsonValue } : {}) },
    });
    if (sectionId === row.sectionId) await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-space", id: added.id }, { after: { type: "site-space", id: row.id } });
    events.record({
      organizationId: access.site.organizationId,
      action: "site_space.duplicated",
      target: { type: "site-space", id: added.id, label: row.title ?? copy.title },
      payload: { siteId, siteSpaceId: added.id, from: row.id, spaceId: copy.id },
    });
    return siteSpaceIn(added.id);
  });
}
