import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { siteSpaceIn } from "./records";
import { moveAmongSiblings } from "./order";
import { loadStructure } from "./rules";
import type { Position } from "./schemas";

/** The deprecated move of a site space before or after another of its section (or of the root). */
export async function moveSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, position: Position) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => {
    await moveAmongSiblings(tx, await loadStructure(tx, siteId), { type: "site-space", id: siteSpaceId }, position);
    events.record({ organizationId: access.site.organizationId, action: "site.structure_sorted", target: { type: "site-space", id: siteSpaceId }, payload: { siteId, siteSpaceId } });
    return siteSpaceIn(siteSpaceId);
  });
}
