import { findSiteAdaptiveSchema } from "../../sites/adaptive/find-site-adaptive-schema";
import { listSiteAdaptiveTemplateConditions } from "../../sites/adaptive/list-site-adaptive-template-conditions";
import { updateSiteAdaptiveSchema } from "../../sites/adaptive/update-site-adaptive-schema";
import { updateAdaptiveSchemaInput } from "../../sites/adaptive/schemas";
import { sitePath } from "../../sites/schemas";
import { protectedProcedure, router } from "../init";

/** The site's visitor schema and its template conditions: the same services as /v1 (getSchema answers null instead of 404). */
export const siteAdaptiveRouter = router({
  getSchema: protectedProcedure.input(sitePath).query(({ ctx, input }) => findSiteAdaptiveSchema(ctx, input.organizationId, input.siteId)),
  updateSchema: protectedProcedure
    .input(sitePath.extend(updateAdaptiveSchemaInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => updateSiteAdaptiveSchema(ctx, organizationId, siteId, body)),
  templates: protectedProcedure.input(sitePath).query(({ ctx, input }) => listSiteAdaptiveTemplateConditions(ctx, input.organizationId, input.siteId)),
});
