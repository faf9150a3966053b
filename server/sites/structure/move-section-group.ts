import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { groupIn } from "./records";
import { moveAmongSiblings } from "./order";
import { loadStructure } from "./rules";
import type { Position } from "./schemas";
import { loadGroup } from "./section-group-records";

/** The deprecated move of a group before or after a top-level section or group. */
export async function moveSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const group = await loadGroup(tx, siteId, groupId);
    await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-section-group", id: groupId }, position);
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-section-group", id: groupId, label: group.title }, payload: { siteId, siteSectionGroupId: groupId } });
    return groupIn(groupId);
  });
}
