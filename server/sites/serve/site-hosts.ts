import type { IncomingHttpHeaders } from "node:http";
import { SITE_ADDRESS_HEADER, siteRewrite } from "./address";
import { siteCache } from "./cache";

/**
 * Routes a request to a published site's custom hostname (or under its proxy path) to the site's
 * route, `/<basename>/<rest>`, naming the address the visitor used in `x-quire-site-address`. The
 * app server (scripts/serve.ts) calls it before Next.js sees the request, on every request: it
 * deletes any such header a client sent, so the route only ever reads ours. The lookup is one map
 * read in the per-process directory of published sites (cache.ts), reloaded after a site changes.
 *
 * Done here rather than in a Next.js proxy (middleware): with one, Next.js buffers every request's
 * body (up to 10 MB) before any route runs, which undoes the app server's streaming body limits.
 */
/** What is read of Node's IncomingMessage (a TLS socket has `encrypted`). */
export type RoutableRequest = { url?: string; headers: IncomingHttpHeaders; socket?: object };

export async function routeSiteHost(req: RoutableRequest): Promise<void> {
  delete req.headers[SITE_ADDRESS_HEADER];
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const search = queryAt < 0 ? "" : url.slice(queryAt);
  // Without the directory (the database is unreachable) the app's own routes still answer, and say why.
  const directory = await siteCache()
    .directory()
    .catch(() => null);
  if (!directory) return;
  const host = req.headers.host ?? null;
  const forwardedHost = single(req.headers["x-forwarded-host"]);
  const protocol = protocolOf(req);
  const rewrite =
    siteRewrite(directory, host, pathname, protocol) ??
    (forwardedHost && forwardedHost !== host ? siteRewrite(directory, forwardedHost, pathname, protocol, { proxiesOnly: true }) : null);
  if (!rewrite) return;
  req.url = `${rewrite.pathname}${search}`;
  req.headers[SITE_ADDRESS_HEADER] = rewrite.address;
}

/** The first value of a header that may be a list (`a, b`). */
function single(value: string | string[] | undefined): string | null {
  const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim();
  return first || null;
}

/** The scheme the visitor used: a TLS-terminating proxy in front says so in X-Forwarded-Proto. */
function protocolOf(req: RoutableRequest): string {
  const forwarded = single(req.headers["x-forwarded-proto"]);
  if (forwarded === "https" || forwarded === "http") return forwarded;
  return req.socket && "encrypted" in req.socket && req.socket.encrypted === true ? "https" : "http";
}
