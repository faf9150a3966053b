import { db } from "../db/client";
import { fileStorage } from "../storage/file-storage";

const CONTENT_TYPES = { woff2: "font/woff2", woff: "font/woff" } as const;

/** Font files are public assets of every published site, loaded by browsers from any host (custom hostnames). */
const PUBLIC_HEADERS = { "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "cross-origin" };

/**
 * GET /api/fonts/<fontId>/<uploadId>.<format>: a face of a custom font, to anyone (the URLs are in the
 * sources of published sites' @font-face rules). Served while the font exists and the file is one this
 * font's organization uploaded; an upload's bytes never change, so the answer is cached for good.
 */
export async function serveFontFile(fontId: string, file: string): Promise<Response> {
  const match = /^([0-9A-Za-z]{20})\.(woff2|woff)$/.exec(file);
  if (!match || !/^[0-9A-Za-z_-]{1,64}$/.test(fontId)) return notFound();
  const [, uploadId, format] = match as unknown as [string, string, "woff2" | "woff"];
  const font = await db().customFont.findFirst({ where: { id: fontId, organization: { deletedAt: null } }, select: { organizationId: true } });
  const upload = font && (await db().storageUpload.findFirst({ where: { id: uploadId, organizationId: font.organizationId, kind: "customization_font", format }, select: { blob: true } }));
  const bytes = upload?.blob ? await fileStorage().get(upload.blob) : null;
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...PUBLIC_HEADERS,
      "Content-Type": CONTENT_TYPES[format],
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${upload!.blob}"`,
    },
  });
}

function notFound(): Response {
  return new Response("No such font file.", { status: 404, headers: { ...PUBLIC_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
