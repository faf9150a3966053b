import { readFile } from "../../content/revisions";
import { db } from "../../db/client";
import { fileStorage } from "../../storage/file-storage";
import type { SiteRequest } from "./endpoints";
import type { ModelSiteSpace, VisibleSite } from "./types";

/**
 * `~/files/<spaceId>/<fileId>`: a file of a space this visitor's view of the site shows, from the
 * revision the site serves, streamed from file storage. Images are shown in place; anything else
 * is downloaded (an uploaded HTML or SVG never runs on the site's origin), never sniffed.
 */

/** Shown in place; every other type is a download. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function siteSpaceShowing(visible: VisibleSite, spaceId: string): ModelSiteSpace | undefined {
  for (const siteSpace of visible.rootSiteSpaces) if (siteSpace.spaceId === spaceId) return siteSpace;
  for (const section of visible.sections) for (const siteSpace of section.siteSpaces) if (siteSpace.spaceId === spaceId) return siteSpace;
  return undefined;
}

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function serveSiteFile(req: SiteRequest, match: RegExpExecArray): Promise<Response> {
  const [, spaceId, fileId] = match as unknown as [string, string, string];
  if (!ID.test(spaceId) || !ID.test(fileId)) return notFound();
  const siteSpace = siteSpaceShowing(req.visible, spaceId);
  if (!siteSpace) return notFound();
  const revision = await db().revision.findUnique({ where: { id: siteSpace.revisionId }, select: { id: true, spaceId: true, root: true } });
  const file = revision ? await readFile(db(), revision, fileId) : null;
  if (!file) return notFound();
  const etag = `"${file.blob}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  };
  if (req.request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const bytes = await fileStorage().get(file.blob);
  if (!bytes) return notFound();
  const disposition = INLINE_TYPES.has(file.contentType) ? "inline" : "attachment";
  return new Response(req.request.method === "HEAD" ? null : new Uint8Array(bytes), {
    headers: {
      ...headers,
      "Content-Type": file.contentType || "application/octet-stream",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
}
