import { listChangeRequestFileBacklinks, listChangeRequestPageBacklinks, listSpaceFileBacklinks, listSpacePageBacklinks } from "../../links/list-backlinks";
import { linkListParams, listChangeRequestLinks, listChangeRequestPageLinks, listSpaceLinks, listSpacePageLinks } from "../../links/list-links";
import { listParams } from "../../pagination";
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
    handler: (c) => listSpaceLinks(c, c.params.spaceId, c.query),
  }),
  defineOperation({
    operationId: "listPageLinksInSpace",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}/links",
    params: pagePath,
    query: linkListParams,
    handler: (c) => listSpacePageLinks(c, c.params.spaceId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listSpacePageBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}/backlinks",
    params: pagePath,
    query: listParams,
    handler: (c) => listSpacePageBacklinks(c, c.params.spaceId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listSpaceFileBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files/{fileId}/backlinks",
    params: filePath,
    query: listParams,
    handler: (c) => listSpaceFileBacklinks(c, c.params.spaceId, c.params.fileId, c.query),
  }),
  defineOperation({
    operationId: "listChangeRequestLinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/links",
    params: changeRequestPath,
    query: linkListParams,
    handler: (c) => listChangeRequestLinks(c, c.params.spaceId, c.params.changeRequestId, c.query),
  }),
  defineOperation({
    operationId: "listPageLinksInChangeRequest",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
    params: changeRequestPagePath,
    query: linkListParams,
    handler: (c) => listChangeRequestPageLinks(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listChangeRequestPageBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
    params: changeRequestPagePath,
    query: listParams,
    handler: (c) => listChangeRequestPageBacklinks(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listChangeRequestFileBacklinks",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
    params: changeRequestFilePath,
    query: listParams,
    handler: (c) => listChangeRequestFileBacklinks(c, c.params.spaceId, c.params.changeRequestId, c.params.fileId, c.query),
  }),
];
