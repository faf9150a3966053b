import type { ChangeRequest, Space, User } from "../db/generated/client";
import { isOutdated } from "../change-requests/merge-base";
import { changeRequestPermissions } from "../policies/change-request";
import type { Role } from "../policies/roles";
import { apiUrl, appUrl } from "./urls";
import { presentUser } from "./user";

export type ChangeRequestRecord = ChangeRequest & { createdBy: User; mergedBy: User | null };

/** A change request as the API shows it to a caller whose role on its space is `role`. */
export function presentChangeRequest(
  changeRequest: ChangeRequestRecord,
  access: { space: Pick<Space, "id" | "organizationId" | "revisionId" | "editMode" | "deletedAt">; role: Role | null; userId?: string },
  baseUrl: string,
  /** Its open comments (server/comments/counts.ts). */
  openComments: number,
) {
  const { space } = access;
  return {
    object: "change-request" as const,
    id: changeRequest.id,
    number: changeRequest.number,
    status: changeRequest.status,
    subject: changeRequest.subject,
    createdBy: presentUser(changeRequest.createdBy, baseUrl),
    createdAt: changeRequest.createdAt.toISOString(),
    updatedAt: changeRequest.updatedAt.toISOString(),
    ...(changeRequest.mergedBy ? { mergedBy: presentUser(changeRequest.mergedBy, baseUrl) } : {}),
    ...(changeRequest.mergedAt ? { mergedAt: changeRequest.mergedAt.toISOString() } : {}),
    space: changeRequest.spaceId,
    revision: changeRequest.revisionId,
    revisionInitial: changeRequest.revisionInitialId,
    ...(changeRequest.revisionMergedAncestorId ? { revisionMergedAncestor: changeRequest.revisionMergedAncestorId } : {}),
    ...(changeRequest.revisionMergedId ? { revisionMerged: changeRequest.revisionMergedId } : {}),
    comments: openComments,
    outdated: isOutdated(changeRequest, space),
    permissions: changeRequestPermissions(access.role, space, changeRequest, access.userId),
    urls: {
      location: apiUrl(baseUrl, `/spaces/${space.id}/change-requests/${changeRequest.id}`),
      app: appUrl(baseUrl, `/o/${space.organizationId}/s/${space.id}/change-requests/${changeRequest.number}`),
    },
  };
}
export type ChangeRequestObject = ReturnType<typeof presentChangeRequest>;
