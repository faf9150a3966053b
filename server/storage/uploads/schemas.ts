import { z } from "zod";
import { BODY_LIMITS } from "../../http/read-body";
import { entityIdSchema } from "../../ids";

/** The largest font file Quire takes (5 MB): fonts for the web are tens of kilobytes; a full CJK font is a few megabytes. */
export const MAX_FONT_BYTES = BODY_LIMITS.storageUpload;

/** The largest organization file (a logo) Quire takes: 2 MB. */
export const MAX_ORGANIZATION_FILE_BYTES = 2 * 1024 * 1024;

/** How long an upload URL may be used after it was handed out. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/**
 * The reference's StorageUploadKind. Quire stores `customization_font` uploads (a custom font's
 * faces) and `organization_file` ones (an organization's logo); `import_file` is refused by name.
 */
export const STORAGE_UPLOAD_KINDS = ["customization_font", "import_file", "organization_file"] as const;

/** Media types a browser or client may declare for a WOFF or WOFF2 file (browsers often know none: ""). */
export const FONT_MEDIA_TYPES = ["font/woff2", "font/woff", "application/font-woff2", "application/font-woff", "application/x-font-woff", "application/octet-stream", ""] as const;

/** The images an organization file may be, by the media type their bytes show (SVG, which may hold scripts, is not one). */
export const IMAGE_MEDIA_TYPES = { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as const;

/** What each kind Quire takes may be: the media types it may declare, its largest size, and what to say of a wrong one. */
export const UPLOAD_KINDS = {
  customization_font: { mediaTypes: FONT_MEDIA_TYPES as readonly string[], maxBytes: MAX_FONT_BYTES, expected: "a web font; upload a WOFF2 or WOFF file (font/woff2, font/woff)", tooLarge: "a font file may be at most 5 MB" },
  organization_file: { mediaTypes: Object.values(IMAGE_MEDIA_TYPES) as readonly string[], maxBytes: MAX_ORGANIZATION_FILE_BYTES, expected: "an image; upload a PNG, JPEG, GIF or WebP file", tooLarge: "an organization file may be at most 2 MB" },
} as const;
export type TakenUploadKind = keyof typeof UPLOAD_KINDS;

export const generateUploadInput = z.strictObject({
  file: z.strictObject({
    name: z.string().min(1).max(255),
    type: z.string().max(100),
    size: z.number().int().min(1),
  }),
  kind: z.enum(STORAGE_UPLOAD_KINDS),
});
export type GenerateUploadInput = z.infer<typeof generateUploadInput>;

export const generateUploadParams = z.object({ organizationId: entityIdSchema });
