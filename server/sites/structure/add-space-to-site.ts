import type { ServiceContext } from "../../context";
import { writeStructure } from "./access";
import { siteSpaceIn } from "./records";
import { addSiteSpace, type AddSiteSpaceInput } from "./site-spaces";

export async function addSpaceToSite(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  return writeStructure(ctx, organizationId, siteId, async (tx, events, access) => siteSpaceIn((await addSiteSpace(tx, events, access, input)).id));
}
