import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { groupIn } from "./records";
import { appendToGroup, loadGroup, recordGroup } from "./section-group-records";

export async function addSectionToGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await loadGroup(tx, siteId, groupId);
    await appendToGroup(tx, siteId, groupId, [sectionId], "sectionId");
    recordGroup(events, access.site, "site_section_group.updated", group, { added: sectionId });
    return groupIn(groupId);
  });
}
