import type { ContentChangesRecord } from "../change-requests/apply-content-changes";
import type { ChangeRequestRecord } from "../change-requests/records";
import { isOutdated } from "../change-requests/merge-base";
import type { Urls } from "../http/urls";
import { presentFile } from "./revision";
import { changeRequestPermissions } from "../policies/change-request";
import { presentPageOutcome } from "./page-outcome";
import { presentUser } from "./user";

/** A change request as /v1 and the admin UI show it, from the record a change request service returns. */
export function presentChangeRequest(record: ChangeRequestRecord, urls: Urls) {
  const { space } = record;
  return {
    object: "change-request" as const,
    id: record.id,
    number: record.number,
    status: record.status,
    subject: record.subject,
    createdBy: presentUser(record.createdBy, urls),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    ...(record.mergedBy ? { mergedBy: presentUser(record.mergedBy, urls) } : {}),
    ...(record.mergedAt ? { mergedAt: record.mergedAt.toISOString() } : {}),
    space: record.spaceId,
    revision: record.revisionId,
    revisionInitial: record.revisionInitialId,
    ...(record.revisionMergedAncestorId ? { revisionMergedAncestor: record.revisionMergedAncestorId } : {}),
    ...(record.revisionMergedId ? { revisionMerged: record.revisionMergedId } : {}),
    comments: record.openComments,
    outdated: isOutdated(record, space),
    permissions: changeRequestPermissions(record.role, space, record, record.viewerId),
    urls: urls.changeRequest(record, space),
  };
}
export type ChangeRequestObject = ReturnType<typeof presentChangeRequest>;

/** A batch of content changes' full answer (`compat=false`, the editor's): the change request, what it did to each page, the files it stored. */
export function presentContentChanges(record: ContentChangesRecord, urls: Urls) {
  const { changeRequest } = record;
  return {
    changeRequest: presentChangeRequest(changeRequest, urls),
    changes: record.outcomes.map((outcome) => presentPageOutcome(outcome, (pageId) => urls.changeRequestPage(changeRequest, pageId))),
    insertedFiles: record.insertedFiles.map((file) => presentFile({ ...file, spaceId: changeRequest.spaceId }, urls)),
  };
}
