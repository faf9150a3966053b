import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { findItem } from "./order";
import { siteStructureRecord } from "./records";
import { loadStructure } from "./rules";
import { setDefaultSection, setDefaultSiteSpace } from "./site-spaces";

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
    return siteStructureRecord;
  });
}
