import type { CustomFont, CustomFontFace, StorageUpload } from "../db/generated/client";
import type { Role } from "../policies/roles";

export type FontWithFaces = CustomFont & { faces: (CustomFontFace & { upload: Pick<StorageUpload, "id" | "format" | "key"> })[] };
/** What the font services return: the font with its faces, and the caller's role in its organization (what it may do with it). */
export type FontRecord = FontWithFaces & { role: Role | null };

/** Loads a font's faces with what their URLs are made of. */
export const fontFacesInclude = { faces: { include: { upload: { select: { id: true, format: true, key: true } } }, orderBy: { weight: "asc" } } } as const;
