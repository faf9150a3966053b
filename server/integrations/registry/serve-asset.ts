import { requestActor } from "../../auth/request-actor";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { loadIntegration } from "../load";
import { parseAssetName } from "./assets";
import { INTEGRATION_NAME_PATTERN } from "./schemas";

/** Images only ever: never sniffed as anything else, never run as a document if opened directly. */
const SAFE_HEADERS = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox", "Cross-Origin-Resource-Policy": "cross-origin" };

/**
 * GET /api/integrations/<name>/assets/<icon-0|preview-N>: an integration's icon or preview image,
 * as its `urls.icon` and `previewImages` name them. A public or unlisted integration's images are
 * anyone's (the catalog shows them); a private one's only its viewers', by session or token, and
 * never cached by shared caches. Asked with the `v` its URL carries (the start of the image's
 * SHA-256), the answer is cached for good: a new image gets a new URL.
 */
export async function serveIntegrationAsset(request: Request, name: string, asset: string): Promise<Response> {
  const parsed = parseAssetName(asset);
  if (!parsed || name.length > 100 || !INTEGRATION_NAME_PATTERN.test(name)) return notFound();
  const integration = await db().integration.findUnique({ where: { name }, select: { id: true, visibility: true } });
  if (!integration) return notFound();
  if (integration.visibility === "private") {
    const actor = await requestActor(request.headers, "token-or-session");
    if (!actor) return notFound();
    try {
      await loadIntegration(db(), actor, name);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return notFound();
      throw error;
    }
  }
  const image = await db().integrationAsset.findUnique({
    where: { integrationId_kind_position: { integrationId: integration.id, ...parsed } },
    select: { contentType: true, sha256: true, bytes: true },
  });
  if (!image) return notFound();
  const version = new URL(request.url).searchParams.get("v");
  const scope = integration.visibility === "private" ? "private" : "public";
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      ...SAFE_HEADERS,
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": version !== null && image.sha256.startsWith(version) && version.length >= 12 ? `${scope}, max-age=31536000, immutable` : `${scope}, no-cache`,
      ETag: `"${image.sha256}"`,
      ...(scope === "private" ? { Vary: "Cookie, Authorization" } : {}),
    },
  });
}

function notFound(): Response {
  return new Response("No such image.", { status: 404, headers: { ...SAFE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
