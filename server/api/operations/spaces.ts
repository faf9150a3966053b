import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { createSpace } from "../../spaces/create-space";
import { deleteSpace } from "../../spaces/delete-space";
import { duplicateSpace } from "../../spaces/duplicate-space";
import { moveSpace } from "../../spaces/move-space";
import { getSpace, listSpacesInOrganization } from "../../spaces/queries";
import { restoreSpace } from "../../spaces/restore-space";
import { createSpaceInput, moveSpaceInput, transferSpaceInput, updateSpaceInput } from "../../spaces/schemas";
import { transferSpace } from "../../spaces/transfer-space";
import { updateSpace } from "../../spaces/update-space";
import { defineOperation } from "../operation";
import { spacePath } from "../path-params";

const organizationPath = z.object({ organizationId: entityIdSchema });

export const spaceOperations = [
  defineOperation({
    operationId: "getSpaceById",
    method: "GET",
    path: "/v1/spaces/{spaceId}",
    params: spacePath,
    // Resolves published URLs of share-link sites; accepted for compatibility until sites exist.
    query: z.object({ shareKey: z.string().max(200).optional() }),
    handler: (c) => getSpace(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "updateSpaceById",
    method: "PATCH",
    path: "/v1/spaces/{spaceId}",
    params: spacePath,
    body: updateSpaceInput,
    handler: (c) => updateSpace(c, c.params.spaceId, c.body),
  }),
  defineOperation({
    operationId: "deleteSpaceById",
    method: "DELETE",
    path: "/v1/spaces/{spaceId}",
    params: spacePath,
    status: 204,
    handler: (c) => deleteSpace(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "duplicateSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/duplicate",
    params: spacePath,
    status: 201,
    handler: (c) => duplicateSpace(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "restoreSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/restore",
    params: spacePath,
    handler: (c) => restoreSpace(c, c.params.spaceId),
  }),
  defineOperation({
    operationId: "moveSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/move",
    params: spacePath,
    body: moveSpaceInput,
    handler: (c) => moveSpace(c, c.params.spaceId, c.body),
  }),
  defineOperation({
    operationId: "transferSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/transfer",
    params: spacePath,
    body: transferSpaceInput,
    handler: (c) => transferSpace(c, c.params.spaceId, c.body),
  }),
  defineOperation({
    operationId: "listSpacesInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/spaces",
    params: organizationPath,
    query: listParams,
    handler: (c) => listSpacesInOrganization(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "createSpace",
    method: "POST",
    path: "/v1/orgs/{organizationId}/spaces",
    params: organizationPath,
    body: createSpaceInput,
    status: 201,
    handler: (c) => createSpace(c, c.params.organizationId, c.body),
  }),
];
