import { readFile } from "../content/revisions";
import { db } from "../db/client";
import { fileStorage } from "../storage/file-storage";
import type { PdfResourceResolver } from "./render-pdf";

/** Where a printed document asks for a file of its space (answered by `revisionFiles`). */
export const pdfFileHref = (fileId: string) => `/~files/${encodeURIComponent(fileId)}`;

const FILE_PATH = /^\/~files\/([A-Za-z0-9_-]{1,64})$/;

/** Images of one revision of a space, for the printer: any other path, or a file that is not an image, is a 404. */
export function revisionFiles(revision: { id: string; spaceId: string; root: string }): PdfResourceResolver {
  return async (pathname) => {
    const fileId = FILE_PATH.exec(pathname)?.[1];
    if (!fileId) return null;
    const file = await readFile(db(), revision, fileId);
    if (!file || !file.contentType.startsWith("image/")) return null;
    const body = await fileStorage().get(file.blob);
    return body ? { body, contentType: file.contentType } : null;
  };
}
