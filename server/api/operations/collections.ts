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
import { presentCollection } from "../../presenters/collection";
import { presentSpace } from "../../presenters/space";
import { defineOperation } from "../operation";

const organizationPath = z.object({ organizationId: entityIdSchema });

export const collectionOperations = [
  defineOperation({
    operationId: "getCollectionById",
    method: "GET",
    path: "/v1/collections/{collectionId}",
    params: collectionPath,
    handler: async (c) => presentCollection(await getCollection(c, c.params.collectionId), c.urls),
  }),
  defineOperation({
    operationId: "updateCollectionById",
    method: "PATCH",
    path: "/v1/collections/{collectionId}",
    params: collectionPath,
    body: updateCollectionInput,
    handler: async (c) => presentCollection(await updateCollection(c, c.params.collectionId, c.body), c.urls),
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
    handler: async (c) => {
      const page = await listSpacesInCollection(c, c.params.collectionId, c.query);
      return { ...page, items: page.items.map((space) => presentSpace(space, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "moveCollection",
    method: "POST",
    path: "/v1/collections/{collectionId}/move",
    params: collectionPath,
    body: moveCollectionInput,
    handler: async (c) => presentCollection(await moveCollection(c, c.params.collectionId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "transferCollection",
    method: "POST",
    path: "/v1/collections/{collectionId}/transfer",
    params: collectionPath,
    body: transferCollectionInput,
    handler: async (c) => presentCollection(await transferCollection(c, c.params.collectionId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "listCollectionsInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/collections",
    params: organizationPath,
    query: listCollectionsParams,
    handler: async (c) => {
      const page = await listCollectionsInOrganization(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((collection) => presentCollection(collection, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createCollection",
    method: "POST",
    path: "/v1/orgs/{organizationId}/collections",
    params: organizationPath,
    body: createCollectionInput,
    status: 201,
    handler: async (c) => presentCollection(await createCollection(c, c.params.organizationId, c.body), c.urls),
  }),
];
