import type { ServiceContext } from "../../context";
import { notFound } from "../../errors";
import { writeStructure } from "./access";
import { assertPathFree } from "./paths";
import { sectionIn } from "./records";
import { loadStructure, topLevelItems, sectionsOfGroup } from "./rules";
import type { UpdateSectionInput } from "./schemas";
import { checkCondition, groupOfSite, recordSection } from "./section-records";
import { setDefaultSiteSpace } from "./site-spaces";

export async function updateSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string, input: UpdateSectionInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId } });
    if (!section) throw notFound(`No section ${sectionId} in this site.`);
    if (input.path !== undefined && input.path !== section.path) {
      const others = await tx.siteSection.findMany({ where: { siteId, id: { not: sectionId } }, select: { path: true } });
      assertPathFree(input.path, new Set(others.map((other) => other.path)), "path");
    }
    checkCondition(access.site, input.condition);
    if (input.defaultSiteSpace !== undefined) await setDefaultSiteSpace(tx, siteId, input.defaultSiteSpace, sectionId);
    let groupMove: { sectionGroupId: string | null; position: number } | undefined;
    if (input.siteSectionGroupId !== undefined && input.siteSectionGroupId !== section.sectionGroupId) {
      const groupId = input.siteSectionGroupId === null ? null : await groupOfSite(tx, siteId, input.siteSectionGroupId, "siteSectionGroupId");
      const structure = await loadStructure(tx, siteId);
      // Last of its new level: normalizing closes the gap it leaves in the old one.
      groupMove = { sectionGroupId: groupId, position: groupId ? sectionsOfGroup(structure, groupId).length : topLevelItems(structure).length };
    }
    const updated = await tx.siteSection.update({
      where: { id: sectionId },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.path !== undefined ? { path: input.path } : {}),
        ...(input.condition !== undefined ? { condition: input.condition } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(groupMove ?? {}),
      },
    });
    recordSection(events, access.site, "site_section.updated", updated, { changed: Object.keys(input).filter((key) => input[key as keyof UpdateSectionInput] !== undefined) });
    return sectionIn(sectionId);
  });
}
