import { createSite } from "../../sites/create-site";
import { deleteSite } from "../../sites/delete-site";
import { getSite } from "../../sites/get-site";
import { listSites } from "../../sites/list-sites";
import { setSitePublished } from "../../sites/publish-site";
import { createSiteInput, listSitesParams, organizationPath, sitePath, updateSiteInput } from "../../sites/schemas";
import { updateSite } from "../../sites/update-site";
import { defineOperation } from "../operation";

/** The reference's `sites` operations on the site itself: list, create, read, settings, delete, publishing. */
export const siteOperations = [
  defineOperation({
    operationId: "listSites",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites",
    params: organizationPath,
    query: listSitesParams,
    handler: (c) => listSites(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "createSite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites",
    params: organizationPath,
    body: createSiteInput,
    status: 201,
    handler: (c) => createSite(c, c.params.organizationId, c.body),
  }),
  defineOperation({
    operationId: "getSiteById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}",
    params: sitePath,
    handler: (c) => getSite(c, c.params.organizationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "updateSiteById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}",
    params: sitePath,
    body: updateSiteInput,
    handler: (c) => updateSite(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "deleteSiteById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/sites/{siteId}",
    params: sitePath,
    status: 204,
    handler: (c) => deleteSite(c, c.params.organizationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "publishSite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/publish",
    params: sitePath,
    handler: (c) => setSitePublished(c, c.params.organizationId, c.params.siteId, true),
  }),
  defineOperation({
    operationId: "unpublishSite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/unpublish",
    params: sitePath,
    handler: (c) => setSitePublished(c, c.params.organizationId, c.params.siteId, false),
  }),
];
