import type { ServiceContext } from "../../context";
import { presentSiteSection, presentSiteSectionGroup, type StructureView } from "../../presenters/site-structure";
import { writeStructure } from "./access";
import { findItem, moveAmongSiblings } from "./order";
import { loadStructure, siteSpacesOf, type StructureSnapshot } from "./rules";
import type { SortStructureInput, StructurePointer } from "./schemas";
import { presentSiteSpaceIn } from "./site-spaces";

/** The reference's SiteStructureItem for a pointer: the site space, section or group itself. */
function presentItem(item: StructurePointer) {
  return (structure: StructureSnapshot, view: StructureView) => {
    if (item.type === "site-space") return presentSiteSpaceIn(item.id)(structure, view);
    if (item.type === "site-section") {
      return presentSiteSection(structure.sections.find((row) => row.id === item.id)!, siteSpacesOf(structure, item.id), view);
    }
    return presentSiteSectionGroup(structure.groups.find((row) => row.id === item.id)!, structure, view);
  };
}

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
    return presentItem(input.item);
  });
}
