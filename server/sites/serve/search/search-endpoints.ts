import type { SiteRequest } from "../endpoints";
import { esc } from "../render/html";
import { internalHref } from "../paths";
import { renderShell } from "../render";
import { searchForm } from "../render/chrome";
import { MAX_LIMIT, MAX_QUERY_LENGTH, searchSite, type SiteSearchResult } from "./search-site";
import { markedSnippet } from "./snippet";

/**
 * `~/search.json?q=&limit=` (what the search dialog asks) and `~/search?q=&page=` (the results
 * page without JavaScript). Both search what the gate let this visitor see, and neither is cached
 * in a shared cache: the answer depends on the visitor.
 */

const DEFAULT_LIMIT = 10;
/** Results per page of the no-JS page, and how deep it pages (search ranks the best 1,000 at most). */
const PAGE_SIZE = 20;
const MAX_PAGE = 50;
const PRIVATE = { "cache-control": "private, no-cache" };

function badRequest(message: string): Response {
  return Response.json({ error: { code: 400, message } }, { status: 400, headers: PRIVATE });
}

export async function searchJson(req: SiteRequest): Promise<Response> {
  const q = req.url.searchParams.get("q") ?? "";
  if (q.length > MAX_QUERY_LENGTH) return badRequest(`q: at most ${MAX_QUERY_LENGTH} characters`);
  const limitText = req.url.searchParams.get("limit");
  if (limitText !== null && !/^[0-9]{1,3}$/.test(limitText)) return badRequest(`limit: a whole number from 1 to ${MAX_LIMIT}`);
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  if (limit < 1 || limit > MAX_LIMIT) return badRequest(`limit: a whole number from 1 to ${MAX_LIMIT}`);
  const { results, count } = await searchSite(req.visible, req.address, q, { limit });
  return Response.json({ results, count }, { headers: PRIVATE });
}

export async function searchPage(req: SiteRequest): Promise<Response> {
  const q = (req.url.searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const pageText = req.url.searchParams.get("page") ?? "1";
  const page = /^[0-9]{1,2}$/.test(pageText) ? Math.min(Math.max(1, Number(pageText)), MAX_PAGE) : 1;
  const found = q.trim() === "" ? null : await searchSite(req.visible, req.address, q, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const action = internalHref(req.address, "~/search");
  const pageLink = (to: number) => `${action}?${new URLSearchParams({ q, ...(to > 1 ? { page: String(to) } : {}) })}`;
  const parts = [
    `<h1>Search</h1>`,
    searchForm(req, q),
  ];
  if (found) {
    parts.push(`<p role="status" class="search-count">${summary(found.count, q)}</p>`);
    if (found.results.length > 0) {
      parts.push(`<ol class="search-results" start="${(page - 1) * PAGE_SIZE + 1}">`, ...found.results.map(resultHtml), `</ol>`);
    }
    const previous = page > 1 ? `<a rel="prev" href="${esc(pageLink(page - 1))}">Previous results</a>` : "";
    const next = found.next !== undefined && page < MAX_PAGE ? `<a rel="next" href="${esc(pageLink(page + 1))}">More results</a>` : "";
    if (previous || next) parts.push(`<nav class="search-pages" aria-label="Result pages">${previous}${next}</nav>`);
  }
  return renderShell(req, { title: q.trim() ? `Search: ${q.trim()}` : "Search", mainHtml: parts.join("\n"), robots: "noindex" });
}

function summary(count: number, q: string): string {
  const what = `“${esc(q.trim())}”`;
  if (count === 0) return `Nothing found for ${what}. Try other words, or fewer of them.`;
  return `${count === 1 ? "1 page" : `${count} pages`} found for ${what}.`;
}

function resultHtml(result: SiteSearchResult): string {
  const trail = [result.section, result.variant, ...result.breadcrumbs].filter((part): part is string => !!part);
  return [
    `<li class="search-result">`,
    `<a href="${esc(result.href)}">${esc(result.title)}${result.heading ? ` › ${esc(result.heading)}` : ""}</a>`,
    trail.length > 0 ? `<p class="search-trail">${trail.map(esc).join(" › ")}</p>` : "",
    result.snippet ? `<p class="search-snippet">${markedSnippet(result.snippet, result.highlights)}</p>` : "",
    `</li>`,
  ].join("");
}
