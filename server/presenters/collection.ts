import type { Collection } from "../db/generated/client";
import type { Role } from "../policies/roles";
import { collectionPermissions } from "../policies/content";
import { apiUrl, appUrl } from "./urls";

export function presentCollection(collection: Collection, role: Role | null, baseUrl: string) {
  return {
    object: "collection" as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId ? { parent: collection.parentId } : {}),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: apiUrl(baseUrl, `/collections/${collection.id}`),
      app: appUrl(baseUrl, `/o/${collection.organizationId}/c/${collection.id}`),
    },
    permissions: collectionPermissions(role),
  };
}
export type CollectionObject = ReturnType<typeof presentCollection>;
