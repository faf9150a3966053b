import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { sectionIn } from "./records";
import type { AddSectionInput, RegroupInput } from "./schemas";
import { convertToSections, groupOfSite, insertSection, recordSection, sectionTitleFrom } from "./section-records";
import { addSiteSpace, loadSpaceForSite } from "./site-spaces";

export async function addSection(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSectionInput & { regroup?: RegroupInput }) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const space = await loadSpaceForSite(tx, access, input.spaceId);
    const groupId = input.siteSectionGroupId ? await groupOfSite(tx, siteId, input.siteSectionGroupId, "siteSectionGroupId") : null;
    await convertToSections(tx, events, access, input.regroup);
    const section = await insertSection(tx, siteId, { title: input.title ?? sectionTitleFrom(space.title), icon: input.icon, groupId });
    const siteSpace = await addSiteSpace(tx, events, access, { spaceId: space.id, sectionId: section.id });
    recordSection(events, access.site, "site_section.added", section, { siteSpaceIds: [siteSpace.id], spaceId: space.id });
    return sectionIn(section.id);
  });
}
