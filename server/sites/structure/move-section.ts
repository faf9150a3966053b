import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { moveAmongSiblings } from "./order";
import { sectionIn } from "./records";
import { loadStructure } from "./rules";
import type { Position } from "./schemas";

/** The deprecated move of a section before or after another of its level. */
export async function moveSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    await moveAmongSiblings(tx, structure, { type: "site-section", id: sectionId }, position);
    const section = structure.sections.find((row) => row.id === sectionId)!;
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-section", id: sectionId, label: section.title }, payload: { siteId, siteSectionId: sectionId } });
    return sectionIn(sectionId);
  });
}
