import type { ChangeRequest, Space, User } from "../db/generated/client";
import { apiUrl, appUrl } from "./urls";
import { presentUser } from "./user";

export type ChangeRequestRecord = ChangeRequest & { createdBy: User; mergedBy: User | null };

/** The main revision a change request last took in: where it started, or its last update from main. */
export const changeRequestBase = (changeRequest: ChangeRequest) => changeRequest.revisionMergedAncestorId ?? changeRequest.revisionInitialId;

export function presentChangeRequest(changeRequest: ChangeRequestRecord, space: Pick<Space, "id" | "organizationId" | "revisionId">, baseUrl: string) {
  const active = changeRequest.status === "draft" || changeRequest.status === "open";
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
    // Comments arrive with discussions; until then there are none.
    comments: 0,
    outdated: active && space.revisionId !== changeRequestBase(changeRequest),
    urls: {
      location: apiUrl(baseUrl, `/spaces/${space.id}/change-requests/${changeRequest.id}`),
      app: appUrl(baseUrl, `/o/${space.organizationId}/s/${space.id}/change-requests/${changeRequest.number}`),
    },
  };
}
export type ChangeRequestObject = ReturnType<typeof presentChangeRequest>;
