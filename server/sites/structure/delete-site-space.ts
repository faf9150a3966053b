import type { ServiceContext } from "../../context";
import { changeStructure } from "./access";
import { removeSiteSpaces } from "./site-spaces";

/** Removes a site space; a section left empty goes with it, and defaults are promoted. */
export async function deleteSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
  await changeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    const row = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { space: { select: { title: true } } } });
    if (!row) return events.nothingChanged();
    await removeSiteSpaces(tx, events, access.site, [row], new Map([[row.spaceId, row.space.title]]));
  });
}
