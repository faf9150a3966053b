import { z } from "zod";
import { createCollection } from "../../collections/create-collection";
import { deleteCollection } from "../../collections/delete-collection";
import { moveCollection } from "../../collections/move-collection";
import { getCollection, listCollectionsInOrganization, listSpacesInCollection } from "../../collections/queries";
import {
  collectionPath,
  createCollectionInput,
  entityIdSchema,
  listCollectionsParams,
  moveCollectionInput,
  transferCollectionInput,
  updateCollectionInput,
} from "../../collections/schemas";
import { transferCollection } from "../../collections/transfer-collection";
import { updateCollection } from "../../collections/update-collection";
import { listParams } from "../../pagination";
import { defineOperation } from "../operation";

const organizationPath = z.object({ organizationId: entityIdSchema });

export const collectionOperations = [
  defineOperation({
    operationId: "getCollectionById",
    method: "GET",
    path: "/v1/collections/{collectionId}",
    params: collectionPath,
    handler: (c) => getCollection(c, c.params.collectionId),
  }),
  defineOperation({
    operationId: "updateCollectionById",
    method: "PATCH",
    path: "/v1/collections/{collectionId}",
    params: collectionPath,
    body: updateCollectionInput,
    handler: (c) => updateCollection(c, c.params.collectionId, c.body),
  }),
  defineOperation({
    operationId: "deleteCollectionById",
    method: "DELETE",
    path: "/v1/collections/{collectionId}",
    params: collectionPath,
    status: 204,
    handler: (c) => deleteCollection(c, c.params.collectionId),
  }),
  defineOperation({
    operationId: "listSpacesInCollectionById",
    method: "GET",
    path: "/v1/collections/{collectionId}/spaces",
    params: collectionPath,
    query: listParams,
    handler: (c) => listSpacesInCollection(c, c.params.collectionId, c.query),
  }),
  defineOperation({
    operationId: "moveCollection",
    method: "POST",
    path: "/v1/collections/{collectionId}/move",
    params: collectionPath,
    body: moveCollectionInput,
    handler: (c) => moveCollection(c, c.params.collectionId, c.body),
  }),
  defineOperation({
    operationId: "transferCollection",
    method: "POST",
    path: "/v1/collections/{collectionId}/transfer",
    params: collectionPath,
    body: transferCollectionInput,
    handler: (c) => transferCollection(c, c.params.collectionId, c.body),
  }),
  defineOperation({
    operationId: "listCollectionsInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/collections",
    params: organizationPath,
    query: listCollectionsParams,
    handler: (c) => listCollectionsInOrganization(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "createCollection",
    method: "POST",
    path: "/v1/orgs/{organizationId}/collections",
    params: organizationPath,
    body: createCollectionInput,
    status: 201,
    handler: (c) => createCollection(c, c.params.organizationId, c.body),
  }),
];
