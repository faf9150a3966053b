import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { notFound } from "../../errors";
import { loadSite } from "../../policies/site";
import { adaptiveSchemaOf } from "../conditions/assert";
import { templateConditions } from "../conditions/suggest";
import type { TemplateCondition } from "../conditions/types";
import { writeSite } from "../write-site";
import type { UpdateAdaptiveSchemaInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/** A site's visitor claims schema (SiteAdaptiveSchema), or null when none was set. */
function presentAdaptiveSchema(site: Pick<Site, "adaptiveSchema" | "adaptiveSchemaUpdatedAt">) {
  const jsonSchema = adaptiveSchemaOf(site);
  if (!jsonSchema) return null;
  return { object: "site-adaptive-schema" as const, jsonSchema, updatedAt: (site.adaptiveSchemaUpdatedAt ?? new Date(0)).toISOString() };
}

export type SiteAdaptiveSchema = NonNullable<ReturnType<typeof presentAdaptiveSchema>>;

/** The site's visitor schema, or null when it has none (the editor's read). */
export async function findSiteAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string): Promise<SiteAdaptiveSchema | null> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.viewAdaptiveSchema");
  return presentAdaptiveSchema(access.site);
}

/** getSiteAdaptiveSchema: a site without a visitor schema is a 404, as the reference answers. */
export async function getSiteAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string): Promise<SiteAdaptiveSchema> {
  const schema = await findSiteAdaptiveSchema(ctx, organizationId, siteId);
  if (!schema) throw notFound("This site has no visitor schema yet.");
  return schema;
}

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

/** listSiteAdaptiveTemplateConditions: ready-made conditions from the site's schema (none without one). */
export async function listSiteAdaptiveTemplateConditions(ctx: ServiceContext, organizationId: string, siteId: string): Promise<{ items: TemplateCondition[] }> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.viewAdaptiveSchema");
  return { items: templateConditions(adaptiveSchemaOf(access.site)) };
}
