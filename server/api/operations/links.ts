import { listChangeRequestFileBacklinks, listChangeRequestPageBacklinks, listSpaceFileBacklinks, listSpacePageBacklinks } from "../../links/list-backlinks";
import { linkListParams, listChangeRequestLinks, listChangeRequestPageLinks, listSpaceLinks, listSpacePageLinks } from "../../links/list-links";
import { listParams } from "../../pagination";
import { presentBacklinks, presentLinks } from "../../presenters/link";
import { defineOperation } from "../operation";
import { changeRequestPath, entityId, spacePath } from "../path-params";

const pagePath = spacePath.extend({ pageId: entityId });
const filePath = spacePath.extend({ fileId: entityId });
const changeRequestPagePath = changeRequestPath.extend({ pageId: entityId });
const changeRequestFilePath = changeRequestPath.extend({ fileId: entityId });

/** Links (with their status) and backlinks of a space's content and of a change request's. */
export const linkOperations = [
  defineOperation({
    operationId: "listSpaceLinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/links",
    params: spacePath,
    query: linkListParams,
    handler: async (c) => presentLinks(await listSpaceLinks(c, c.params.spaceId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listPageLinksInSpace",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}/links",
    params: pagePath,
    query: linkListParams,
    handler: async (c) => presentLinks(await listSpacePageLinks(c, c.params.spaceId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listSpacePageBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}/backlinks",
    params: pagePath,
    query: listParams,
    handler: async (c) => presentBacklinks(await listSpacePageBacklinks(c, c.params.spaceId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listSpaceFileBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files/{fileId}/backlinks",
    params: filePath,
    query: listParams,
    handler: async (c) => presentBacklinks(await listSpaceFileBacklinks(c, c.params.spaceId, c.params.fileId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listChangeRequestLinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/links",
    params: changeRequestPath,
    query: linkListParams,
    handler: async (c) => presentLinks(await listChangeRequestLinks(c, c.params.spaceId, c.params.changeRequestId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listPageLinksInChangeRequest",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
    params: changeRequestPagePath,
    query: linkListParams,
    handler: async (c) => presentLinks(await listChangeRequestPageLinks(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listChangeRequestPageBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
    params: changeRequestPagePath,
    query: listParams,
    handler: async (c) => presentBacklinks(await listChangeRequestPageBacklinks(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listChangeRequestFileBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
    params: changeRequestFilePath,
    query: listParams,
    handler: async (c) => presentBacklinks(await listChangeRequestFileBacklinks(c, c.params.spaceId, c.params.changeRequestId, c.params.fileId, c.query), c.urls),
  }),
];
