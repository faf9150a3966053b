import type { CollectionRecord } from "../collections/records";
import type { Urls } from "../http/urls";
import { collectionPermissions } from "../policies/content";

/** A collection as /v1 and the admin UI show it, from the record a collection service returns (server/collections/records.ts). */
export function presentCollection(record: CollectionRecord, urls: Urls) {
  return {
    object: "collection" as const,
    id: record.id,
    title: record.title,
    ...(record.description !== null ? { description: record.description } : {}),
    organization: record.organizationId,
    ...(record.parentId ? { parent: record.parentId } : {}),
    defaultLevel: record.defaultLevel,
    urls: urls.collection(record),
    permissions: collectionPermissions(record.role),
  };
}
export type CollectionObject = ReturnType<typeof presentCollection>;
