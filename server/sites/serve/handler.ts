import { resolveAddress } from "./address";
import { cachedBody, cachedRender, sendCached, siteCache } from "./cache";
import { SITE_ENDPOINTS, type SiteRequest } from "./endpoints";
import { underBase } from "./paths";
import { pageQueryKey, renderNotFound, renderPage, renderSignInRequired, THEME_SCRIPT, THEME_SCRIPT_CSP } from "./render";
import { routeSitePath } from "./route";
import type { SiteAddress, SiteModel } from "./types";
import { resolveVisitor } from "./visitor";
import { visibleSite } from "./visible";

/**
 * Serves a published site (app/[basename]/[[...path]]/route.ts; custom hosts arrive there through
 * the app server, site-hosts.ts). In order: the address and the site (404 unless published), the visitor gate, the
 * visitor's view of the site, and only then an endpoint (`~/…`, machine files) or a page, a
 * redirect or the 404 page. A public page of a known site costs no query once cached.
 */

/**
 * Only our own script and stylesheet run (and render's inline theme script, allowed by its hash, and
 * `scriptSources`: a site's Custom script snippets); images may come from anywhere over https (covers,
 * logos, embeds written as image links); nothing may frame the site.
 */
function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", THEME_SCRIPT_CSP, ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    // A custom font of the customization is loaded from its https URL.
    "font-src 'self' data: https:",
    // An analytics script sends what it measures back to where it came from.
    ["connect-src 'self'", ...scriptSources.filter((source) => !source.startsWith("'"))].join(" "),
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

const SECURITY_HEADERS: [string, string][] = [
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
];

/**
 * The policy of a site's pages: the default, widened only for a site with Custom script snippets by
 * exactly their hashes and origins (server/integrations/builtin/snippet.ts).
 */
function sitePolicy(model: SiteModel): string {
  return model.scripts ? contentSecurityPolicy(model.scripts.cspSources) : CONTENT_SECURITY_POLICY;
}

/** `csp`: the site's policy (the default for answers of no site). */
type Finish = { private: boolean; setCookies: string[]; csp?: string };

/**
 * Every site response leaves with the security headers (an endpoint's stricter CSP is kept) and a
 * cache policy: a restricted site's, or one setting a cookie, is never stored; a public one is
 * revalidated every time (`no-cache` + ETag), so no cache serves a page past a merge.
 */
function finish(response: Response, how: Finish): Response {
  // Responses made with `new Response` have mutable headers, set in place (the hot path); others
  // (Response.redirect's) throw on the first set and are copied.
  let out = response;
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    out = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
  }
  const headers = out.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", how.csp ?? CONTENT_SECURITY_POLICY);
  for (const [name, value] of SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value);
  if (how.private || how.setCookies.length > 0) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control") || /\bprivate\b/.test(headers.get("Cache-Control")!)) headers.set("Cache-Control", "no-cache");
  for (const cookie of how.setCookies) headers.append("Set-Cookie", cookie);
  return out;
}

/**
 * The app's answers for addresses that are no site (every unknown top-level path reaches the site
 * route): worded as the app's own not-found page (app/not-found.tsx), with its way back.
 */
const PLAIN_PAGES = {
  404: ["Nothing here", "There is no page at this address. Check the link, or start again from Quire's home.", '<p><a href="/">Back to Quire</a></p>'],
  405: ["Method not allowed", "This address answers GET and HEAD only.", ""],
} as const;

function plainPage(request: Request, status: keyof typeof PLAIN_PAGES): Response {
  const [title, message, more] = PLAIN_PAGES[status];
  // Light or dark as the app's own pages are: the reader's stored choice (the app's `quire-theme`), else the system's.
  const html = `<!doctype html><html lang="en" data-theme="system" data-theme-toggle><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title><script>${THEME_SCRIPT}</script><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1e293b}a{color:#4338ca}.dark body{background:#0f172a;color:#e2e8f0}.dark a{color:#a5b4fc}</style></head><body><main><h1>${title}</h1><p>${message}</p>${more}</main></body></html>`;
  return new Response(request.method === "HEAD" ? null : html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...(status === 405 ? { Allow: "GET, HEAD" } : {}) },
  });
}

function redirect(location: string, status: number): Response {
  return new Response(null, { status, headers: { Location: location } });
}

/**
 * `pathname`: the path Next routed (`/<basename>/<rest>`); the request's own path when absent.
 */
export async function serveSite(request: Request, pathname?: string): Promise<Response> {
  try {
    return await serve(request, pathname);
  } catch (error) {
    console.error("Serving a published site failed:", error);
    return finish(new Response("Something went wrong serving this page. Try again in a moment.", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } }), {
      private: true,
      setCookies: [],
    });
  }
}

async function serve(request: Request, pathname: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  if (pathname !== undefined) url.pathname = pathname;
  const resolved = resolveAddress(request, url);
  const cache = siteCache();
  const siteId = resolved && (await cache.siteIdOfBasename(resolved.basename));
  const model = siteId ? await cache.model(siteId) : null;
  // No site here: the app's own not-found page, which says nothing of any site.
  const noSite = () => finish(plainPage(request, 404), { private: false, setCookies: [] });
  if (!resolved || !model) return noSite();
  const address: SiteAddress = { siteId: model.site.id, ...resolved.address };

  const outcome = await resolveVisitor(request, url, address, model, resolved.restRaw);
  // A share-link site turns a reader without a valid key away exactly as an address where no site is:
  // byte for byte, so that its existence and its name stay secret.
  if (outcome.kind === "not-found") return noSite();
  const restricted = model.site.visibility === "share-link" || model.site.visibility === "visitor-auth";
  const how: Finish = { private: restricted, setCookies: outcome.setCookies, csp: sitePolicy(model) };
  switch (outcome.kind) {
    case "redirect":
      return finish(redirect(outcome.location, 302), how);
    case "login":
      return finish(redirect(outcome.location, 302), how);
    case "unauthorized":
      return finish(renderSignInRequired(request, url, address, model), how);
    case "visitor":
      break;
  }

  const visible = visibleSite(model, outcome.visitor);
  const req: SiteRequest = { request, url, address, visible, rest: resolved.rest };
  for (const endpoint of SITE_ENDPOINTS) {
    const match = endpoint.pattern.exec(req.rest);
    if (!match) continue;
    if (!endpoint.methods.includes(request.method)) {
      return finish(new Response(null, { status: 405, headers: { Allow: endpoint.methods.join(", ") } }), how);
    }
    return finish(await endpoint.handle(req, match), how);
  }
  if (request.method !== "GET" && request.method !== "HEAD") return finish(plainPage(request, 405), how);

  const route = await routeSitePath(visible, req.rest);
  if (route.kind === "redirect") {
    const location = route.location.startsWith("/") ? underBase(address, route.location.slice(1)) : route.location;
    const query = url.search && route.location.startsWith("/") ? url.search : "";
    return finish(redirect(`${location}${query}`, route.status), how);
  }
  if (route.kind === "not-found") return finish(await renderNotFound(req), how);

  // A page's HTML depends on the content (the model's version), where it is read, who reads it and
  // the one query parameter it shows (an appended query would otherwise crowd the cache out).
  const key = ["page", address.origin, address.basePath, model.version, outcome.visitor.segment, req.rest, pageQueryKey(url)].join("\n");
  const hit = cache.renders.get(key);
  if (hit) return finish(sendCached(request, hit), how);
  // Rendered as a GET even for HEAD: the body is what is kept.
  const response = await renderPage({ ...req, request: new Request(request.url, { headers: request.headers }) }, route);
  if (response.status !== 200) return finish(response, how);
  const body = Buffer.from(await response.arrayBuffer());
  const made = await cachedRender(key, () => cachedBody(body, response.headers.get("content-type") ?? "text/html; charset=utf-8"));
  return finish(sendCached(request, made), how);
}
