import type { ServiceContext } from "../../context";
import { notFound } from "../../errors";
import { findSiteAdaptiveSchema } from "./find-site-adaptive-schema";
import type { SiteAdaptiveSchema } from "./present-adaptive-schema";

/** getSiteAdaptiveSchema: a site without a visitor schema is a 404, as the reference answers. */
export async function getSiteAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string): Promise<SiteAdaptiveSchema> {
  const schema = await findSiteAdaptiveSchema(ctx, organizationId, siteId);
  if (!schema) throw notFound("This site has no visitor schema yet.");
  return schema;
}
