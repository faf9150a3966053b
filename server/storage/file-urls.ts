import type { FileVersion } from "../content/revisions";

/** Where a file's bytes are served (app/files/[spaceId]/[key]): by space, so access follows the space's. */
export const fileDownloadUrl = (baseUrl: string, spaceId: string, file: Pick<FileVersion, "blob">) => `${baseUrl}/files/${spaceId}/${file.blob}`;

/** A file of a revision as the API shows it (reference `RevisionFile`). */
export function presentRevisionFile(file: FileVersion, spaceId: string, baseUrl: string) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: fileDownloadUrl(baseUrl, spaceId, file),
    size: file.size,
    ...(file.width !== undefined && file.height !== undefined ? { dimensions: { width: file.width, height: file.height } } : {}),
  };
}
