import type { CustomFont, CustomFontFace, StorageUpload } from "../db/generated/client";

export type FontWithFaces = CustomFont & { faces: (CustomFontFace & { upload: Pick<StorageUpload, "id" | "format" | "key"> })[] };

/** Loads a font's faces with what their URLs are made of. */
export const fontFacesInclude = { faces: { include: { upload: { select: { id: true, format: true, key: true } } }, orderBy: { weight: "asc" } } } as const;

/**
 * Where a face's file is served to anyone (app/api/fonts/[fontId]/[file]): by the upload it came from,
 * whose bytes never change, so the URL can be cached for good; a new file for a weight is a new URL.
 */
export const fontFileUrl = (baseUrl: string, fontId: string, upload: Pick<StorageUpload, "id" | "format">) => `${baseUrl}/api/fonts/${fontId}/${upload.id}.${upload.format}`;

/** A custom font as the reference's CustomizationFontDefinition: what a site's customization takes as `styling.font`. */
export function presentFont(font: FontWithFaces, baseUrl: string, permissions: { edit: boolean }) {
  return {
    id: font.id,
    custom: true,
    fontFamily: font.fontFamily,
    fontFaces: font.faces.map((face) => ({ weight: face.weight, sources: [{ url: fontFileUrl(baseUrl, font.id, face.upload), format: face.upload.format as "woff2" | "woff" }] })),
    permissions,
  };
}
