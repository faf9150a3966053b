import { getPublishingAuth } from "../../sites/publishing-auth/get-publishing-auth";
import { regeneratePublishingAuth } from "../../sites/publishing-auth/regenerate-publishing-auth";
import { updatePublishingAuth } from "../../sites/publishing-auth/update-publishing-auth";
import { updatePublishingAuthInput } from "../../sites/publishing-auth/schemas";
import { sitePath } from "../../sites/schemas";
import { defineOperation } from "../operation";

/** The reference's `site-publishing-auth` tag: the key signing visitor JWTs and the visitor-auth URLs. */
export const sitePublishingAuthOperations = [
  defineOperation({
    operationId: "getSitePublishingAuthById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth",
    params: sitePath,
    handler: (c) => getPublishingAuth(c, c.params.organizationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "updateSitePublishingAuthById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth",
    params: sitePath,
    body: updatePublishingAuthInput,
    handler: (c) => updatePublishingAuth(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "regenerateSitePublishingAuthById",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate",
    params: sitePath,
    handler: (c) => regeneratePublishingAuth(c, c.params.organizationId, c.params.siteId),
  }),
];
