import type { Collection } from "../db/generated/client";
import type { Role } from "../policies/roles";

/**
 * What the collection services return: the collection's row with the caller's role on it, read or
 * written in the service's own transaction. No URL: the edge presents it (server/presenters/collection.ts).
 */
export type CollectionRecord = Collection & { role: Role | null };
