import { z } from "zod";
import { BODY_LIMITS } from "../../http/read-body";
import { entityIdSchema } from "../../ids";

/** The largest font file Quire takes (5 MB): fonts for the web are tens of kilobytes; a full CJK font is a few megabytes. */
export const MAX_FONT_BYTES = BODY_LIMITS.storageUpload;

/** How long an upload URL may be used after it was handed out. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/** The reference's StorageUploadKind. Quire stores `customization_font` uploads; the others are refused by name. */
export const STORAGE_UPLOAD_KINDS = ["customization_font", "import_file", "organization_file"] as const;

/** Media types a browser or client may declare for a WOFF or WOFF2 file (browsers often know none: ""). */
export const FONT_MEDIA_TYPES = ["font/woff2", "font/woff", "application/font-woff2", "application/font-woff", "application/x-font-woff", "application/octet-stream", ""] as const;

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
