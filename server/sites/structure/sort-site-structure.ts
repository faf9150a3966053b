import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { findItem, moveAmongSiblings } from "./order";
import { itemIn } from "./records";
import { loadStructure } from "./rules";
import type { SortStructureInput } from "./schemas";

/** sortSiteStructure: moves a site space, section or group before or after a sibling of its level. */
export async function sortSiteStructure(ctx: ServiceContext, organizationId: string, siteId: string, input: SortStructureInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    const row = findItem(structure, input.item);
    await moveAmongSiblings(tx, structure, input.item, input.position);
    events.record({
      organizationId: access.site.organizationId,
      action: "site.structure_sorted",
      target: { type: input.item.type, id: input.item.id, ...("title" in row && row.title ? { label: row.title } : {}) },
      payload: { siteId, item: input.item, position: input.position },
    });
    return itemIn(input.item);
  });
}
