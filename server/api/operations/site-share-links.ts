import { presentShareLink } from "../../presenters/share-link";
import { sitePath } from "../../sites/schemas";
import { createShareLinkInput, listShareLinksParams, shareLinkPath, updateShareLinkInput } from "../../sites/share-links/schemas";
import { createShareLink } from "../../sites/share-links/create-share-link";
import { deleteShareLink } from "../../sites/share-links/delete-share-link";
import { listShareLinks } from "../../sites/share-links/list-share-links";
import { updateShareLink } from "../../sites/share-links/update-share-link";
import { defineOperation } from "../operation";

/** The reference's `site-share-links` tag. */
export const siteShareLinkOperations = [
  defineOperation({
    operationId: "listSiteShareLinks",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/share-links",
    params: sitePath,
    query: listShareLinksParams,
    handler: async (c) => {
      const page = await listShareLinks(c, c.params.organizationId, c.params.siteId, c.query);
      return { ...page, items: page.items.map((link) => presentShareLink(link, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createSiteShareLink",
    method: "POST",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/share-links",
    params: sitePath,
    body: createShareLinkInput,
    status: 201,
    handler: async (c) => presentShareLink(await createShareLink(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteShareLinkById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
    params: shareLinkPath,
    body: updateShareLinkInput,
    handler: async (c) => presentShareLink(await updateShareLink(c, c.params.organizationId, c.params.siteId, c.params.shareLinkId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteSiteShareLinkById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
    params: shareLinkPath,
    // The reference's 205 for "deleted" is folded into 204: the outcome is the same.
    status: 204,
    handler: (c) => deleteShareLink(c, c.params.organizationId, c.params.siteId, c.params.shareLinkId),
  }),
];
