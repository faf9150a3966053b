import type { Urls } from "../http/urls";
import type { ReceivedUpload } from "../storage/uploads/receive-upload";

/** generateStorageUploadURL's answer: the upload URL (the app's own route, app/api/storage/upload/[token]) and the key the file will be known by. */
export const presentUploadUrl = ({ token, key }: { token: string; key: string }, urls: Urls) => ({
  object: "storage-signed-url" as const,
  url: urls.app(`/api/storage/upload/${token}`),
  key,
});

/** The upload route's answer; an organization file's also has the URL it is served at (what `logo` takes). */
export function presentReceivedUpload({ key, size, format, organizationFile }: ReceivedUpload, urls: Urls) {
  return { key, size, format, ...(organizationFile ? { url: urls.organizationFile(organizationFile.organizationId, organizationFile.uploadId) } : {}) };
}
