import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import { presentAdaptiveSchema, type SiteAdaptiveSchema } from "./present-adaptive-schema";
import type { UpdateAdaptiveSchemaInput } from "./schemas";

/**
 * Sets the site's visitor schema. Conditions already written against claims it no longer declares
 * are kept (they read as false for visitors without the claim) and are checked again when edited.
 */
export async function updateSiteAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdateAdaptiveSchemaInput): Promise<SiteAdaptiveSchema> {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.editAdaptiveSchema");
    if (isDeepStrictEqual(access.site.adaptiveSchema, input.jsonSchema)) {
      events.nothingChanged();
      return presentAdaptiveSchema(access.site)!;
    }
    const site = await tx.site.update({
      where: { id: siteId },
      data: { adaptiveSchema: input.jsonSchema, adaptiveSchemaUpdatedAt: new Date() },
    });
    events.record({ organizationId, action: "site.adaptive_schema_updated", target: { type: "site", id: siteId, label: site.title }, payload: { siteId } });
    return presentAdaptiveSchema(site)!;
  });
}
