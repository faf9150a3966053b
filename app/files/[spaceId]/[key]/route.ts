import { errorResponse, responseForError } from "@/server/api/errors";
import { requestActor } from "@/server/auth/request-actor";
import { readFileForDownload } from "@/server/storage/read-file-for-download";

/** Types a browser may show in place; anything else is downloaded, so uploaded HTML or SVG never runs on our origin. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain"]);

/** File bytes for signed-in members (session cookie) and API callers (bearer token) who can see the space. */
export async function GET(request: Request, { params }: { params: Promise<{ spaceId: string; key: string }> }) {
  try {
    const { spaceId, key } = await params;
    const actor = await requestActor(request.headers, "token-or-session");
    if (!actor) return errorResponse(401, "Sign in, or send `Authorization: Bearer <API token>`.");
    const file = await readFileForDownload(actor, spaceId, key);
    // The key is the bytes' SHA-256: the bytes behind a URL never change.
    const headers = {
      ETag: `"${key}"`,
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    };
    if (request.headers.get("if-none-match") === `"${key}"`) return new Response(null, { status: 304, headers });
    const disposition = INLINE_TYPES.has(file.contentType) ? "inline" : "attachment";
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        ...headers,
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.length),
        "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      },
    });
  } catch (error) {
    return responseForError(error);
  }
}

export const dynamic = "force-dynamic";
