import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { addSiteSpace, type AddSiteSpaceInput, presentSiteSpaceIn } from "./site-spaces";

export async function addSpaceToSite(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => presentSiteSpaceIn((await addSiteSpace(tx, events, access, input)).id));
}
