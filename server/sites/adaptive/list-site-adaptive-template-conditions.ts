import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { adaptiveSchemaOf } from "../conditions/assert";
import { templateConditions } from "../conditions/suggest";
import type { TemplateCondition } from "../conditions/types";

/** listSiteAdaptiveTemplateConditions: ready-made conditions from the site's schema (none without one). */
export async function listSiteAdaptiveTemplateConditions(ctx: ServiceContext, organizationId: string, siteId: string): Promise<{ items: TemplateCondition[] }> {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.viewAdaptiveSchema");
  return { items: templateConditions(adaptiveSchemaOf(access.site)) };
}
