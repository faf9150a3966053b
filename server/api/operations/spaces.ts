import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { presentSpace } from "../../presenters/space";
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
    handler: async (c) => presentSpace(await getSpace(c, c.params.spaceId), c.urls),
  }),
  defineOperation({
    operationId: "updateSpaceById",
    method: "PATCH",
    path: "/v1/spaces/{spaceId}",
    params: spacePath,
    body: updateSpaceInput,
    handler: async (c) => presentSpace(await updateSpace(c, c.params.spaceId, c.body), c.urls),
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
    handler: async (c) => presentSpace(await duplicateSpace(c, c.params.spaceId), c.urls),
  }),
  defineOperation({
    operationId: "restoreSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/restore",
    params: spacePath,
    handler: async (c) => presentSpace(await restoreSpace(c, c.params.spaceId), c.urls),
  }),
  defineOperation({
    operationId: "moveSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/move",
    params: spacePath,
    body: moveSpaceInput,
    handler: async (c) => presentSpace(await moveSpace(c, c.params.spaceId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "transferSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/transfer",
    params: spacePath,
    body: transferSpaceInput,
    handler: async (c) => presentSpace(await transferSpace(c, c.params.spaceId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "listSpacesInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/spaces",
    params: organizationPath,
    query: listParams,
    handler: async (c) => {
      const page = await listSpacesInOrganization(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((space) => presentSpace(space, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createSpace",
    method: "POST",
    path: "/v1/orgs/{organizationId}/spaces",
    params: organizationPath,
    body: createSpaceInput,
    status: 201,
    handler: async (c) => presentSpace(await createSpace(c, c.params.organizationId, c.body), c.urls),
  }),
];
