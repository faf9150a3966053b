import type { ServiceContext } from "../../context";
import { presentSiteSection, presentSiteSectionGroup, presentSiteStructure, type StructureView } from "../../presenters/site-structure";
import { writeStructure } from "./access";
import { presentSiteSpaceIn, setDefaultSection, setDefaultSiteSpace } from "./site-spaces";
import { findItem, moveAmongSiblings } from "./order";
import { loadStructure, siteSpacesOf, type StructureSnapshot } from "./rules";
import type { SortStructureInput, StructurePointer } from "./schemas";

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

/**
 * Makes a section the site's default, or a site space the default of its section (or of the root).
 * Answers the whole structure, since two items changed.
 */
export async function setDefaultItem(ctx: ServiceContext, organizationId: string, siteId: string, item: { type: "site-section" | "site-space"; id: string }) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const structure = await loadStructure(tx, siteId);
    const row = findItem(structure, item);
    if (item.type === "site-section") await setDefaultSection(tx, siteId, item.id, "item");
    else await setDefaultSiteSpace(tx, siteId, item.id, (row as { sectionId: string | null }).sectionId, "item");
    events.record({
      organizationId: access.site.organizationId,
      action: item.type === "site-section" ? "site_section.updated" : "site_space.updated",
      target: { type: item.type, id: item.id, ...("title" in row && row.title ? { label: row.title } : {}) },
      payload: { siteId, ...(item.type === "site-section" ? { siteSectionId: item.id } : { siteSpaceId: item.id }), default: true },
    });
    return presentSiteStructure;
  });
}
