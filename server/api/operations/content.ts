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
import { presentFile, presentPageRecord, presentPageTreeRecord, presentRevisionContent } from "../../presenters/revision";
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
    handler: async (c) => presentRevisionContent(await getSpaceContent(c, c.params.spaceId), c.urls),
  }),
  defineOperation({
    operationId: "listPages",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/pages",
    params: spacePath,
    query: revisionReadParams,
    handler: async (c) => presentPageTreeRecord(await listSpacePages(c, c.params.spaceId), c.urls),
  }),
  defineOperation({
    operationId: "getPageById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/page/{pageId}",
    params: pagePath,
    query: pageReadParams,
    handler: async (c) => presentPageRecord(await getSpacePage(c, c.params.spaceId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listFiles",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files",
    params: spacePath,
    query: fileListParams,
    handler: async (c) => {
      const page = await listSpaceFiles(c, c.params.spaceId, c.query);
      return { ...page, items: page.items.map((file) => presentFile(file, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "getFileById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/content/files/{fileId}",
    params: filePath,
    query: revisionReadParams,
    handler: async (c) => presentFile(await getSpaceFile(c, c.params.spaceId, c.params.fileId), c.urls),
  }),
  defineOperation({
    operationId: "getRevisionById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/revisions/{revisionId}",
    params: revisionPath,
    query: revisionReadParams,
    handler: async (c) => presentRevisionContent(await getRevision(c, c.params.spaceId, c.params.revisionId), c.urls),
  }),
  defineOperation({
    operationId: "getRevisionOfChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    params: changeRequestPath,
    query: revisionReadParams,
    handler: async (c) => presentRevisionContent(await getChangeRequestContent(c, c.params.spaceId, c.params.changeRequestId), c.urls),
  }),
  defineOperation({
    operationId: "listPagesInChangeRequest",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
    params: changeRequestPath,
    query: revisionReadParams,
    handler: async (c) => presentPageTreeRecord(await listChangeRequestPages(c, c.params.spaceId, c.params.changeRequestId), c.urls),
  }),
  defineOperation({
    operationId: "getPageInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
    params: changeRequestPagePath,
    query: pageReadParams,
    handler: async (c) => presentPageRecord(await getChangeRequestPage(c, c.params.spaceId, c.params.changeRequestId, c.params.pageId, c.query), c.urls),
  }),
  defineOperation({
    operationId: "listFilesInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
    params: changeRequestPath,
    query: fileListParams,
    handler: async (c) => {
      const page = await listChangeRequestFiles(c, c.params.spaceId, c.params.changeRequestId, c.query);
      return { ...page, items: page.items.map((file) => presentFile(file, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "getFileInChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
    params: changeRequestFilePath,
    query: revisionReadParams,
    handler: async (c) => presentFile(await getChangeRequestFile(c, c.params.spaceId, c.params.changeRequestId, c.params.fileId), c.urls),
  }),
];
