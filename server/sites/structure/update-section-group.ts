import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { groupIn } from "./records";
import type { UpdateGroupInput } from "./schemas";
import { loadGroup, recordGroup } from "./section-group-records";

export async function updateSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, input: UpdateGroupInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    await loadGroup(tx, siteId, groupId);
    const group = await tx.siteSectionGroup.update({
      where: { id: groupId },
      data: { ...(input.title !== undefined ? { title: input.title } : {}), ...(input.icon !== undefined ? { icon: input.icon } : {}) },
    });
    recordGroup(events, access.site, "site_section_group.updated", group);
    return groupIn(groupId);
  });
}
