import { importContent } from "../../import/import-content";
import { importContentInput } from "../../import/schemas";
import { defineOperation } from "../operation";
import { changeRequestPath, spacePath } from "../path-params";

/** Imports of outside content (a website) into a space's main content or a change request. */
export const importOperations = [
  defineOperation({
    operationId: "importContent",
    method: "POST",
    path: "/v1/spaces/{spaceId}/content/import",
    params: spacePath,
    body: importContentInput,
    status: 201,
    handler: (c) => importContent(c, { spaceId: c.params.spaceId }, c.body),
  }),
  defineOperation({
    operationId: "importContentInChangeRequest",
    method: "POST",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import",
    params: changeRequestPath,
    body: importContentInput,
    status: 201,
    handler: (c) => importContent(c, { spaceId: c.params.spaceId, changeRequest: c.params.changeRequestId }, c.body),
  }),
];
