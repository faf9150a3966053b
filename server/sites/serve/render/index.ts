import type { SiteRequest } from "../endpoints";
import { readPublishedPage } from "../page-body";
import type { SiteRoute } from "../route";

/**
 * PLACEHOLDER owned by helper "render" (branch issue12-render), here only so that the handler
 * type-checks and its tests run before render's branch is merged: render's index.ts replaces this
 * file whole at the merge. Same exported signatures as the contract in COMMON.md.
 */

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(req: SiteRequest, title: string, main: string, status: number): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main>${main}</main></body></html>`;
  return new Response(req.request.method === "HEAD" ? null : body, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function renderNotFound(req: SiteRequest): Promise<Response> {
  const base = req.address.basePath || "";
  return html(req, "Page not found", `<h1>Page not found</h1><form role="search" action="${esc(base)}/~/search"><input name="q" aria-label="Search"></form>`, 404);
}

export async function renderPage(req: SiteRequest, route: Extract<SiteRoute, { kind: "page" }>): Promise<Response> {
  const body = await readPublishedPage(route.siteSpace, route.page.id);
  if (!body) return renderNotFound(req);
  return html(req, route.page.title, `<h1>${esc(route.page.title)}</h1><pre>${esc(body.markdown)}</pre>`, 200);
}
