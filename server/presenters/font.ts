import type { StorageUpload } from "../db/generated/client";
import type { FontRecord } from "../fonts/font-records";
import type { Urls } from "../http/urls";
import { customFontPermissions } from "../policies/site";

/**
 * Where a face's file is served to anyone (app/api/fonts/[fontId]/[file]): by the upload it came from,
 * whose bytes never change, so the URL can be cached for good; a new file for a weight is a new URL.
 */
const fontFileUrl = (urls: Urls, fontId: string, upload: Pick<StorageUpload, "id" | "format">) => urls.app(`/api/fonts/${fontId}/${upload.id}.${upload.format}`);

/** A custom font as the reference's CustomizationFontDefinition: what a site's customization takes as `styling.font`. */
export function presentFont(font: FontRecord, urls: Urls) {
  return {
    id: font.id,
    custom: true,
    fontFamily: font.fontFamily,
    fontFaces: font.faces.map((face) => ({ weight: face.weight, sources: [{ url: fontFileUrl(urls, font.id, face.upload), format: face.upload.format as "woff2" | "woff" }] })),
    permissions: { edit: customFontPermissions(font.role).edit },
  };
}
