import { createHash } from "node:crypto";
import { fieldError } from "../../errors";
import { MAX_ICON_BYTES, MAX_PREVIEW_BYTES } from "./schemas";

/**
 * The icon and preview images given in base64 at publish time, checked by their bytes. Raster
 * formats only (PNG, JPEG, GIF, WebP): Quire serves these from its own origin, and an SVG is a
 * document that can carry script, so it is refused rather than served and hoped harmless.
 */

export type ImageAsset = { kind: "icon" | "preview"; position: number; contentType: string; sha256: string; bytes: Uint8Array<ArrayBuffer> };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes are, from their signature, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

function decodeImage(field: string, base64: string, maxBytes: number): { contentType: string; bytes: Uint8Array<ArrayBuffer> } {
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.byteLength === 0) throw fieldError(field, `The image is empty`);
  if (bytes.byteLength > maxBytes) throw fieldError(field, `The image is larger than ${maxBytes / 1024} KB`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw fieldError(field, `Not a PNG, JPEG, GIF or WebP image (SVG is not accepted: it can carry script)`);
  return { contentType, bytes };
}

/** Decodes and checks the images of a publish; throws 400 naming the field of the first bad one. */
export function decodeIntegrationImages(icon: string | undefined, previewImages: string[] | undefined): ImageAsset[] {
  const images: ImageAsset[] = [];
  const add = (kind: ImageAsset["kind"], position: number, image: { contentType: string; bytes: Uint8Array<ArrayBuffer> }) =>
    images.push({ kind, position, ...image, sha256: createHash("sha256").update(image.bytes).digest("hex") });
  if (icon !== undefined) add("icon", 0, decodeImage("icon", icon, MAX_ICON_BYTES));
  for (const [position, preview] of (previewImages ?? []).entries()) add("preview", position, decodeImage(`previewImages.${position}`, preview, MAX_PREVIEW_BYTES));
  return images;
}

/** An asset's name in its URL (`icon-0`, `preview-2`), parsed back; null for any other name. */
export function parseAssetName(name: string): { kind: "icon" | "preview"; position: number } | null {
  const match = /^(icon|preview)-([0-2])$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as "icon" | "preview", position: Number(match[2]) };
}
