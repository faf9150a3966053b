import { presentSiteRecord } from "../../presenters/site";
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
    handler: async (c) => {
      const page = await listSites(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((site) => presentSiteRecord(site, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createSite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites",
    params: organizationPath,
    body: createSiteInput,
    status: 201,
    handler: async (c) => presentSiteRecord(await createSite(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getSiteById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}",
    params: sitePath,
    handler: async (c) => presentSiteRecord(await getSite(c, c.params.organizationId, c.params.siteId), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}",
    params: sitePath,
    body: updateSiteInput,
    handler: async (c) => presentSiteRecord(await updateSite(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
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
    handler: async (c) => presentSiteRecord(await setSitePublished(c, c.params.organizationId, c.params.siteId, true), c.urls),
  }),
  defineOperation({
    operationId: "unpublishSite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/unpublish",
    params: sitePath,
    handler: async (c) => presentSiteRecord(await setSitePublished(c, c.params.organizationId, c.params.siteId, false), c.urls),
  }),
];
