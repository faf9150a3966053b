import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";
import { customFontPermissions } from "../policies/site";

/** What the caller may do with the organization's fonts: the editor offers "Upload a font" from it. */
export async function customFontAccess(ctx: ServiceContext, organizationId: string) {
  return customFontPermissions((await loadOrganization(db(), ctx.actor, organizationId)).memberRole);
}
