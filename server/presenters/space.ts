import type { Space } from "../db/generated/client";
import type { Role } from "../policies/roles";
import { spacePermissions } from "../policies/content";
import type { SpacePublication } from "../sites/space-publications";
import { apiUrl, appUrl } from "./urls";

/**
 * `openComments`: the space's open comments (server/comments/counts.ts); `publication`: where a
 * published site shows it (server/sites/space-publications.ts), undefined when none does.
 */
export function presentSpace(space: Space, role: Role | null, baseUrl: string, openComments: number, publication: SpacePublication | undefined) {
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
    urls: {
      location: apiUrl(baseUrl, `/spaces/${space.id}`),
      app: appUrl(baseUrl, `/o/${space.organizationId}/s/${space.id}`),
      ...publication,
    },
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
