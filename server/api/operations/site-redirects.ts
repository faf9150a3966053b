import { presentRedirectMatch } from "../../presenters/redirect";
import { bulkUpsertRedirects } from "../../sites/redirects/bulk-upsert-redirects";
import { createRedirect } from "../../sites/redirects/create-redirect";
import { deleteRedirect } from "../../sites/redirects/delete-redirect";
import { getRedirectBySource } from "../../sites/redirects/get-redirect-by-source";
import { listRedirects } from "../../sites/redirects/list-redirects";
import { updateRedirect } from "../../sites/redirects/update-redirect";
import { bulkUpsertRedirectsInput, createRedirectInput, listRedirectsParams, redirectBySourceParams, redirectPath, updateRedirectInput } from "../../sites/redirects/schemas";
import { sitePath } from "../../sites/schemas";
import { defineOperation } from "../operation";

/** The reference's `site-redirects` tag. */
export const siteRedirectOperations = [
  defineOperation({
    operationId: "listSiteRedirects",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirects",
    params: sitePath,
    query: listRedirectsParams,
    handler: (c) => listRedirects(c, c.params.organizationId, c.params.siteId, c.query),
  }),
  defineOperation({
    operationId: "createSiteRedirect",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirects",
    params: sitePath,
    body: createRedirectInput,
    status: 201,
    handler: (c) => createRedirect(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "bulkUpsertSiteRedirects",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirects",
    params: sitePath,
    body: bulkUpsertRedirectsInput,
    handler: (c) => bulkUpsertRedirects(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "getSiteRedirectBySource",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirect",
    params: sitePath,
    query: redirectBySourceParams,
    handler: async (c) => presentRedirectMatch(await getRedirectBySource(c, c.params.organizationId, c.params.siteId, c.query.source, c.query.shareKey), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteRedirectById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
    params: redirectPath,
    body: updateRedirectInput,
    handler: (c) => updateRedirect(c, c.params.organizationId, c.params.siteId, c.params.siteRedirectId, c.body),
  }),
  defineOperation({
    operationId: "deleteSiteRedirectById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}",
    params: redirectPath,
    // The reference's 205 for "deleted" is folded into 204: the outcome is the same.
    status: 204,
    handler: (c) => deleteRedirect(c, c.params.organizationId, c.params.siteId, c.params.siteRedirectId),
  }),
];
