import { applyContentChanges } from "../../change-requests/apply-content-changes";
import { getChangeRequestChanges } from "../../change-requests/get-change-request-changes";
import { createChangeRequest } from "../../change-requests/create-change-request";
import { mergeChangeRequest } from "../../change-requests/merge-change-request";
import { updateChangeRequestFromMain } from "../../change-requests/update-change-request-from-main";
import { getChangeRequest, listChangeRequests } from "../../change-requests/queries";
import { createChangeRequestInput, listChangeRequestsParams, updateChangeRequestInput } from "../../change-requests/schemas";
import { changesQuery, contentUpdateBody, contentUpdateQuery } from "../../change-requests/schemas-content";
import { updateChangeRequest } from "../../change-requests/update-change-request";
import { presentChangeRequest, presentContentChanges } from "../../presenters/change-request";
import { presentChanges } from "../../presenters/changes";
import { defineOperation } from "../operation";
import { changeRequestPath, spacePath } from "../path-params";

export const changeRequestOperations = [
  defineOperation({
    operationId: "listChangeRequestsForSpace",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests",
    params: spacePath,
    query: listChangeRequestsParams,
    handler: async (c) => {
      const page = await listChangeRequests(c, c.params.spaceId, c.query);
      return { ...page, items: page.items.map((changeRequest) => presentChangeRequest(changeRequest, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createChangeRequest",
    method: "POST",
    path: "/v1/spaces/{spaceId}/change-requests",
    params: spacePath,
    body: createChangeRequestInput.optional().transform((body) => body ?? {}),
    status: 201,
    handler: async (c) => presentChangeRequest(await createChangeRequest(c, c.params.spaceId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getChangeRequestById",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}",
    params: changeRequestPath,
    handler: async (c) => presentChangeRequest(await getChangeRequest(c, c.params.spaceId, c.params.changeRequestId), c.urls),
  }),
  defineOperation({
    operationId: "updateChangeRequestById",
    method: "PATCH",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}",
    params: changeRequestPath,
    body: updateChangeRequestInput,
    handler: async (c) => presentChangeRequest(await updateChangeRequest(c, c.params.spaceId, c.params.changeRequestId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "mergeChangeRequest",
    method: "POST",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
    params: changeRequestPath,
    handler: (c) => mergeChangeRequest(c, c.params.spaceId, c.params.changeRequestId),
  }),
  defineOperation({
    operationId: "updateChangeRequest",
    method: "POST",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update",
    params: changeRequestPath,
    handler: (c) => updateChangeRequestFromMain(c, c.params.spaceId, c.params.changeRequestId),
  }),
  defineOperation({
    operationId: "updateChangeRequestContent",
    method: "POST",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    params: changeRequestPath,
    query: contentUpdateQuery,
    body: contentUpdateBody,
    // The reference's answer (`compat`, its default) is the change request alone.
    handler: async (c) => {
      const applied = await applyContentChanges(c, c.params.spaceId, c.params.changeRequestId, c.body);
      return c.query.compat ? presentChangeRequest(applied.changeRequest, c.urls) : presentContentChanges(applied, c.urls);
    },
  }),
  defineOperation({
    operationId: "getChangeRequestChanges",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
    params: changeRequestPath,
    query: changesQuery,
    handler: async (c) => presentChanges(await getChangeRequestChanges(c, c.params.spaceId, c.params.changeRequestId, c.query), c.urls),
  }),
];
