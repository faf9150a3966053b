import { siteCustomizationInput, siteSpaceCustomizationOverride } from "../../sites/customization/schemas";
import { getSiteCustomization } from "../../sites/customization/get-site-customization";
import { getSiteSpaceCustomization } from "../../sites/customization/get-site-space-customization";
import { overrideSiteSpaceCustomization } from "../../sites/customization/override-site-space-customization";
import { resetSiteSpaceCustomization } from "../../sites/customization/reset-site-space-customization";
import { updateSiteCustomization } from "../../sites/customization/update-site-customization";
import { sitePath } from "../../sites/schemas";
import { siteSpacePathParams as siteSpacePath } from "../../sites/structure/schemas";
import { defineOperation } from "../operation";

/** The reference's `site-customization` operations: a site's settings and its site spaces' overrides. */
export const siteCustomizationOperations = [
  defineOperation({
    operationId: "getSiteCustomizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/customization",
    params: sitePath,
    handler: (c) => getSiteCustomization(c, c.params.organizationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "updateSiteCustomizationById",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/customization",
    params: sitePath,
    body: siteCustomizationInput,
    handler: (c) => updateSiteCustomization(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "getSiteSpaceCustomizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
    params: siteSpacePath,
    handler: (c) => getSiteSpaceCustomization(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId),
  }),
  defineOperation({
    operationId: "overrideSiteSpaceCustomizationById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
    params: siteSpacePath,
    body: siteSpaceCustomizationOverride,
    handler: (c) => overrideSiteSpaceCustomization(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId, c.body),
  }),
  defineOperation({
    operationId: "deleteSiteSpaceCustomizationById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization",
    params: siteSpacePath,
    status: 204,
    statusOf: (result: { removed: boolean }) => (result.removed ? 205 : 204),
    handler: (c) => resetSiteSpaceCustomization(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId),
  }),
];
