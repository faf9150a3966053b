import type { ServiceContext } from "../../context";
import { changeStructure } from "./access";
import { loadStructure } from "./rules";
import { placeAtGroup, recordGroup } from "./section-group-records";

/** Takes a section out of a group, right after it at the top level; a section not in the group is simply done. */
export async function removeSectionFromGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId, sectionGroupId: groupId }, include: { sectionGroup: true } });
    if (!section?.sectionGroup) return events.nothingChanged();
    await tx.siteSection.update({ where: { id: sectionId }, data: { sectionGroupId: null } });
    await placeAtGroup(tx, await loadStructure(tx, siteId), groupId, [sectionId], true);
    recordGroup(events, access.site, "site_section_group.updated", section.sectionGroup, { removed: sectionId });
  });
}
