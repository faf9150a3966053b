import type { ServiceContext } from "../../context";
import { changeStructure } from "./access";
import { recordSection } from "./section-records";
import { removeGroupsOfSectionlessSite } from "./site-spaces";

/** Removes a section with its site spaces; when it was the default, the first remaining section becomes it; the last one takes the groups with it. */
export async function deleteSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId }, include: { siteSpaces: { select: { id: true } } } });
    if (!section) return events.nothingChanged();
    await tx.siteSection.delete({ where: { id: sectionId } });
    recordSection(events, access.site, "site_section.removed", section, { siteSpaceIds: section.siteSpaces.map((row) => row.id) });
    await removeGroupsOfSectionlessSite(tx, events, access.site);
  });
}
