import type { ServiceContext } from "../../context";
import { changeStructure } from "./access";
import { loadStructure, sectionsOfGroup } from "./rules";
import { placeAtGroup, recordGroup } from "./section-group-records";

/** Removes a group; its sections return to the top level, in its place and order. */
export async function deleteSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await tx.siteSectionGroup.findFirst({ where: { id: groupId, siteId } });
    if (!group) return events.nothingChanged();
    const structure = await loadStructure(tx, siteId);
    const sectionIds = sectionsOfGroup(structure, groupId).map((section) => section.id);
    await tx.siteSection.updateMany({ where: { sectionGroupId: groupId, siteId }, data: { sectionGroupId: null } });
    await tx.siteSectionGroup.delete({ where: { id: groupId } });
    await placeAtGroup(tx, structure, groupId, sectionIds, false);
    recordGroup(events, access.site, "site_section_group.removed", group, { siteSectionIds: sectionIds });
  });
}
