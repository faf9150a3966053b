import { defined, FILE_FIELDS, type ChangesRecord } from "../change-requests/changes";
import type { FileVersion } from "../content/revisions";
import type { Urls } from "../http/urls";

/**
 * The changes between two revisions (a change request's, or the history's diff) as /v1 and the
 * admin UI show them: each file with its download URL on the request's origin.
 */
export function presentChanges(record: ChangesRecord, urls: Urls) {
  const downloadUrl = (file: FileVersion) => urls.fileDownload(record.spaceId, file);
  const presentFile = (file: FileVersion) => ({ id: file.id, name: file.name, contentType: file.contentType, downloadURL: downloadUrl(file) });
  // One fresh object per kind, as the answer's type (what the admin UI infers) lists them.
  const changes = [];
  for (const change of record.changes) {
    switch (change.type) {
      case "page_created":
        changes.push({ type: change.type, page: change.page });
        break;
      case "page_deleted":
        changes.push({ type: change.type, page: change.page });
        break;
      case "page_edited":
        changes.push({ type: change.type, page: change.page, attributes: change.attributes });
        break;
      case "page_moved":
        changes.push({ type: change.type, page: change.page, parent: change.parent });
        break;
      case "file_created":
      case "file_deleted":
        changes.push({ type: change.type, file: presentFile(change.file) });
        break;
      case "file_edited":
        changes.push({ type: change.type, file: presentFile(change.after), attributes: fileAttributes(change.before, change.after, downloadUrl) });
        break;
      case "variables_edited":
        changes.push({ type: change.type, variables: change.variables });
        break;
    }
  }
  return { changes, ...(record.more !== undefined ? { more: record.more } : {}) };
}

function fileAttributes(before: FileVersion, after: FileVersion, downloadUrl: (file: FileVersion) => string) {
  const attributes: Record<string, unknown> = {};
  for (const field of FILE_FIELDS) {
    if (before[field] !== after[field]) attributes[field] = { before: before[field], after: after[field] };
  }
  if (before.blob !== after.blob) attributes.downloadURL = { before: downloadUrl(before), after: downloadUrl(after) };
  if (before.width !== after.width || before.height !== after.height) {
    const dimensions = (file: FileVersion) => (file.width !== undefined && file.height !== undefined ? { width: file.width, height: file.height } : undefined);
    attributes.dimensions = defined({ before: dimensions(before), after: dimensions(after) });
  }
  return attributes;
}
