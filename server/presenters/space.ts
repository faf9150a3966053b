import type { Space } from "../db/generated/client";
import type { Urls } from "../http/urls";
import type { Role } from "../policies/roles";
import { spacePermissions } from "../policies/content";
import { publicationOf, type SpacePublication } from "../sites/space-publications";
import type { SpaceRecord } from "../spaces/records";

/** A space as /v1 and the admin UI show it, from the record a space service returns (server/spaces/records.ts). */
export function presentSpace(record: SpaceRecord, urls: Urls) {
  const publication = record.publication ? publicationOf(record.publication, urls.origin) : undefined;
  return presentSpaceWith(record, record.role, urls, record.openComments, publication);
}

function presentSpaceWith(space: Space, role: Role | null, urls: Urls, openComments: number, publication: SpacePublication | undefined) {
  return {
    object: "space" as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? "",
    visibility: space.visibility,
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
    ...(space.deletedAt ? { deletedAt: space.deletedAt.toISOString() } : {}),
    editMode: space.editMode,
    mergeRules: { type: "inherit" },
    urls: { ...urls.space(space), ...publication },
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    ...(space.language ? { language: space.language } : {}),
    revision: space.revisionId ?? "",
    defaultLevel: space.defaultLevel,
    comments: openComments,
    changeRequests: space.changeRequests,
    changeRequestsOpen: space.changeRequestsOpen,
    changeRequestsDraft: space.changeRequestsDraft,
    permissions: spacePermissions(role, space),
  };
}
export type SpaceObject = ReturnType<typeof presentSpace>;
