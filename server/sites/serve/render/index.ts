import { sendCached } from "../cache";
import { pageHref } from "../paths";
import { ASSET_PATTERN, assetHash, siteAsset, siteStyles } from "./assets";
import { defaultPlace, documentHtml, homePage, searchForm, THEME_SCRIPT, THEME_SCRIPT_CSP, type RenderRequest } from "./chrome";
import { renderContentHtml } from "./content";
import { esc } from "./html";
import type { SiteAddress, SiteModel, VisibleSite } from "../types";
import { pageDocument, type PageRoute } from "./page";
export { pageQueryKey } from "./page";

/**
 * The published site's HTML (server-rendered strings, complete without JavaScript). What other
 * published outputs call: `renderPage` and `renderNotFound` (the handler's routes),
 * `renderShell` (any other main content in the site's chrome: search results, access errors),
 * `renderContentHtml` (a page body alone: the PDF) and `siteStyles` (the stylesheet).
 */

export { renderContentHtml, siteStyles, THEME_SCRIPT, THEME_SCRIPT_CSP, type RenderRequest };

function htmlResponse(req: RenderRequest, html: string, status: number): Response {
  return new Response(req.request.method === "HEAD" ? null : html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Visitors of a restricted site must not share a cached copy; public pages revalidate.
      "Cache-Control": req.visible.site.visibility === "public" ? "public, no-cache" : "private, no-cache",
    },
  });
}

export async function renderShell(req: RenderRequest, options: { title: string; mainHtml: string; status?: number; robots?: string; headExtra?: string }): Promise<Response> {
  return htmlResponse(req, documentHtml(req, { title: options.title, mainHtml: options.mainHtml, robots: options.robots, headExtra: options.headExtra }), options.status ?? 200);
}

export async function renderNotFound(req: RenderRequest): Promise<Response> {
  const place = defaultPlace(req.visible);
  const home = place.siteSpace ? homePage(place.siteSpace) : undefined;
  const homeHref = place.siteSpace && home ? pageHref(req.address, place.section, place.siteSpace, home) : req.address.basePath || "/";
  const main = `<div class="not-found"><p class="eyebrow">404</p><h1>Page not found</h1><p>The page you are looking for does not exist, or has moved. Search the site, or start again from <a href="${esc(homeHref)}">the home page</a>.</p>${searchForm(req)}</div>`;
  return htmlResponse(req, documentHtml(req, { title: "Page not found", mainHtml: main, robots: "noindex", place }), 404);
}

/** The page: 200, or 503 (never cached) when its body could not be rendered. */
export async function renderPage(req: RenderRequest, route: PageRoute): Promise<Response> {
  const document = await pageDocument(req, route);
  if (document === null) return renderNotFound(req);
  return htmlResponse(req, document.html, document.bodyShown ? 200 : 503);
}

/**
 * What the visitor gate answers a reader of a visitor-authenticated site that has no sign-in page
 * (401): the site's name and look, none of its content or navigation. (A share-link site turns
 * readers away as if it did not exist: server/sites/serve/handler.ts.)
 */
export function renderSignInRequired(request: Request, url: URL, address: SiteAddress, model: SiteModel): Response {
  const title = "Sign-in required";
  const message = "This site is only for signed-in readers, and it has no sign-in page set up. Ask its owners for access.";
  const visible: VisibleSite = { ...model, topLevel: [], sections: [], rootSiteSpaces: [], visitor: { via: "public", claims: {}, segment: "turned-away" } };
  const req: RenderRequest = { request, url, address, visible, rest: "" };
  const main = `<div class="not-found"><p class="eyebrow">401</p><h1>${esc(title)}</h1><p>${esc(message)}</p></div>`;
  return htmlResponse(req, documentHtml(req, { title, mainHtml: main, robots: "noindex", minimal: true }), 401);
}

/** `~/assets/site.<hash>.css|js`: immutable, compressed once; a hash of another build is a 404. */
export async function serveAsset(req: RenderRequest, match: RegExpExecArray): Promise<Response> {
  const kind = match[2] as "css" | "js";
  if (assetHash(kind) !== match[1]) return renderNotFound(req);
  return sendCached(req.request, await siteAsset(kind), { "Cache-Control": "public, max-age=31536000, immutable" });
}

export { ASSET_PATTERN };
