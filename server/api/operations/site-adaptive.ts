import { getSiteAdaptiveSchema } from "../../sites/adaptive/get-site-adaptive-schema";
import { listSiteAdaptiveTemplateConditions } from "../../sites/adaptive/list-site-adaptive-template-conditions";
import { updateSiteAdaptiveSchema } from "../../sites/adaptive/update-site-adaptive-schema";
import { updateAdaptiveSchemaInput } from "../../sites/adaptive/schemas";
import { sitePath } from "../../sites/schemas";
import { defineOperation } from "../operation";

/** The reference's adaptive-content operations of the `sites` tag. */
export const siteAdaptiveOperations = [
  defineOperation({
    operationId: "getSiteAdaptiveSchema",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    params: sitePath,
    handler: (c) => getSiteAdaptiveSchema(c, c.params.organizationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "updateSiteAdaptiveSchema",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    params: sitePath,
    body: updateAdaptiveSchemaInput,
    handler: (c) => updateSiteAdaptiveSchema(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "listSiteAdaptiveTemplateConditions",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions",
    params: sitePath,
    handler: (c) => listSiteAdaptiveTemplateConditions(c, c.params.organizationId, c.params.siteId),
  }),
];
