import { NextResponse, type NextRequest } from "next/server";
import { SITE_ADDRESS_HEADER, siteRewrite } from "./server/sites/serve/address";
import { siteCache } from "./server/sites/serve/cache";

/**
 * Runs before every route: a request to a published site's custom hostname (or under its proxy
 * path) is rewritten to `/<basename>/<rest>`, the site's route, with the address the visitor used
 * in `x-quire-site-address`. Any such header a client sent is deleted first, on every request, so
 * the route only ever reads ours. The lookup is one map read in the per-process directory of
 * published sites (server/sites/serve/cache.ts), reloaded after a site changes.
 */
export async function proxy(request: NextRequest) {
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || null;
  const host = request.headers.get("host");
  // Without the directory (the database is unreachable) the app's own routes still answer, and say why.
  const directory = await siteCache()
    .directory()
    .catch(() => null);
  const rewrite =
    directory &&
    (siteRewrite(directory, host, request.nextUrl.pathname, protocolOf(request)) ??
      (forwardedHost && forwardedHost !== host ? siteRewrite(directory, forwardedHost, request.nextUrl.pathname, protocolOf(request), { proxiesOnly: true }) : null));
  if (!rewrite && !request.headers.has(SITE_ADDRESS_HEADER)) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.delete(SITE_ADDRESS_HEADER);
  if (!rewrite) return NextResponse.next({ request: { headers } });
  headers.set(SITE_ADDRESS_HEADER, rewrite.address);
  const target = request.nextUrl.clone();
  target.pathname = rewrite.pathname;
  return NextResponse.rewrite(target, { request: { headers } });
}

/** The scheme the visitor used: a TLS-terminating proxy in front says so in X-Forwarded-Proto. */
function protocolOf(request: NextRequest): string {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return forwarded === "https" || forwarded === "http" ? forwarded : request.nextUrl.protocol;
}

export const config = {
  // Next's own build output never belongs to a site.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
