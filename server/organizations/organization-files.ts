import type { Db } from "../db/client";
import { db } from "../db/client";
import { fieldError } from "../errors";
import type { OrganizationFileRef } from "../http/urls";
import { fileStorage } from "../storage/file-storage";
import { IMAGE_MEDIA_TYPES } from "../storage/uploads/schemas";

/**
 * An organization's files (`organization_file` storage uploads: its logo), served from Quire's own
 * origin at `/api/orgs/<organizationId>/files/<uploadId>` to anyone — a logo is shown where the
 * organization is named, to people outside it too (joining it by email domain, an integration's
 * publisher) — while the organization is not deleted. Their URLs: `urls.organizationFile` (server/http/urls.ts).
 */

const ID = "[0-9A-Za-z]{20}";

/**
 * The logo `updateOrganizationById` is given, as stored: a URL of a file uploaded to this
 * organization (on the origin Quire answers on) becomes that upload, served from Quire; any other
 * URL is kept as it is and loaded by browsers from there (Quire never fetches it, so it cannot be
 * made to reach an address of its network). A URL naming a file the organization did not upload is
 * refused, as one that does not exist. `file`: the file of Quire's that `logo` names, which the edge
 * recognizes on the origin it answers on (`urls.organizationFileOf`); null for any other URL.
 */
export async function logoOf(tx: Db, organizationId: string, logo: string | null, file: OrganizationFileRef | null): Promise<{ logoURL: string | null; logoUploadId: string | null }> {
  if (logo === null) return { logoURL: null, logoUploadId: null };
  if (!file) return { logoURL: logo, logoUploadId: null };
  const upload =
    file.organizationId === organizationId
      ? await tx.storageUpload.findFirst({ where: { id: file.uploadId, organizationId, kind: "organization_file", blob: { not: null } }, select: { id: true } })
      : null;
  if (!upload) throw fieldError("logo", `No file ${file.uploadId} was uploaded to this organization; upload the image first (generateStorageUploadURL, kind organization_file)`);
  return { logoURL: null, logoUploadId: upload.id };
}

const PUBLIC_HEADERS = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox; default-src 'none'", "Cross-Origin-Resource-Policy": "cross-origin" };

/**
 * GET /api/orgs/<organizationId>/files/<uploadId>: the file's bytes, or 404. Revalidated on every
 * use (a 304 while unchanged), so that the organization's deletion stops it at once.
 */
export async function serveOrganizationFile(request: Request, organizationId: string, uploadId: string): Promise<Response> {
  const valid = new RegExp(`^${ID}$`);
  const upload =
    valid.test(organizationId) && valid.test(uploadId)
      ? await db().storageUpload.findFirst({ where: { id: uploadId, organizationId, kind: "organization_file", organization: { deletedAt: null } }, select: { blob: true, format: true } })
      : null;
  if (!upload?.blob) return notFound();
  // The blob's key is its bytes' digest: the same key, the same bytes.
  const cache = { ...PUBLIC_HEADERS, "Cache-Control": "public, no-cache", ETag: `"${upload.blob}"` };
  if (request.headers.get("if-none-match") === cache.ETag) return new Response(null, { status: 304, headers: cache });
  const bytes = await fileStorage().get(upload.blob);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { ...cache, "Content-Type": IMAGE_MEDIA_TYPES[upload.format as keyof typeof IMAGE_MEDIA_TYPES], "Content-Length": String(bytes.length) },
  });
}

function notFound(): Response {
  return new Response("No such file.", { status: 404, headers: { ...PUBLIC_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
