import {
  fileListParams,
  getChangeRequestContent,
  getChangeRequestFile,
  getChangeRequestPage,
  getRevision,
  getSpaceContent,
  getSpaceFile,
  getSpacePage,
  listChangeRequestFiles,
  listChangeRequestPages,
  listSpaceFiles,
  listSpacePages,
  pageReadParams,
  revisionReadParams,
} from "../../content/reads";
import { defineOperation } from "../operation";
import { changeRequestPath, entityId, spacePath } from "../path-params";

const revisionPath = spacePath.extend({ revisionId: entityId });
const pagePath = spacePath.extend({ pageId: entityId });
const filePath = spacePath.extend({ fileId: entityId });
const changeRequestPagePath = changeRequestPath.extend({ pageId: entityId });
const changeRequestFilePath = changeRequestPath.extend({ fileId: entityId });

/** Reads of a space's content: its current revision, any revision by id, and a change request's. */
export const contentOperations = [
  defineOperation({
    operationId: "getCurrentRevision",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content",
    params: spacePath,
    query: revisionReadParams,
    handler: (c) => getSpaceContent(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "listPages",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/pages",
    params: spacePath,
    query: revisionReadParams,
    handler: (c) => listSpacePages(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "getPageById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}",
    params: pagePath,
    query: pageReadParams,
    handler: (c) => getSpacePage(c, c.params.spaceId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listFiles",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files",
    params: spacePath,
    query: fileListParams,
    handler: (c) => listSpaceFiles(c, c.params.spaceId, c.query),
  }),
  defineOperation({
    operationId: "getFileById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files/{fileId}",
    params: filePath,
    query: revisionReadParams,
    handler: (c) => getSpaceFile(c, c.params.spaceId, c.params.fileId),
  }),
  defineOperation({
    operationId: "getRevisionById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/revisions/{revisionId}",
    params: revisionPath,
    query: revisionReadParams,
    handler: (c) => getRevision(c, c.params.spaceId, c.params.revisionId),
  }),
  defineOperation({
    operationId: "getRevisionOfChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    params: changeRequestPath,
    query: revisionReadParams,
    handler: (c) => getChangeRequestContent(c, c.params.spaceId, c.params.changeRequestId),
  }),
  defineOperation({
    operationId: "listPagesInChangeRequest",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
    params: changeRequestPath,
    query: revisionReadParams,
    handler: (c) => listChangeRequestPages(c, c.params.spaceId, c.params.changeRequestId),
  }),
  defineOperation({
    operationId: "getPageInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
    params: changeRequestPagePath,
    query: pageReadParams,
    handler: (c) => getChangeRequestPage(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query),
  }),
  defineOperation({
    operationId: "listFilesInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
    params: changeRequestPath,
    query: fileListParams,
    handler: (c) => listChangeRequestFiles(c, c.params.spaceId, c.params.changeRequestId, c.query),
  }),
  defineOperation({
    operationId: "getFileInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
    params: changeRequestFilePath,
    query: revisionReadParams,
    handler: (c) => getChangeRequestFile(c, c.params.spaceId, c.params.changeRequestId, c.params.fileId),
  }),
];
