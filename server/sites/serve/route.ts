import { slugPaths } from "../../content/revisions";
import { db } from "../../db/client";
import type { RedirectDestination } from "../redirects/schemas";
import { candidateSources, MAX_SOURCE_LENGTH } from "../redirects/source-path";
import { sitePath } from "./paths";
import type { ModelPage, ModelSection, ModelSiteSpace, VisibleSite } from "./types";

/**
 * Which page a path of a site names, for one visitor's view of it. A path is
 * `<section path>/<site space path>/<page path>`, each part left out for the default section, the
 * default site space and the home page. A section's path wins over a page slug of the default
 * section (as a site space's over a page's). The home page also answers at its own slug path with
 * a redirect to the canonical URL, as does any path with a trailing slash. Only when no page
 * matches are the site's redirects looked up.
 *
 * A redirect's `location` is either a full URL (an external destination) or a path of the site
 * starting with `/` ("/" for its root), which the handler puts under the site's address.
 */
export type SiteRoute =
  | { kind: "page"; section: ModelSection | null; siteSpace: ModelSiteSpace; page: ModelPage }
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "not-found" };

type SiteSpaceIndex = { byPath: Map<string, ModelPage>; home: ModelPage | null; homeSlugPath: string | null };
const indexes = new WeakMap<ModelSiteSpace, SiteSpaceIndex>();

function indexOf(siteSpace: ModelSiteSpace): SiteSpaceIndex {
  let index = indexes.get(siteSpace);
  if (index) return index;
  const byPath = new Map<string, ModelPage>();
  for (const page of siteSpace.pages) if (!byPath.has(page.path)) byPath.set(page.path, page);
  const home = byPath.get("") ?? null;
  index = { byPath, home, homeSlugPath: home ? (slugPaths(siteSpace.pages).get(home.id) ?? null) : null };
  indexes.set(siteSpace, index);
  return index;
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** Splits off the first segment when it names one of `items` by a non-empty path. */
function pick<T extends { path: string; isDefault: boolean }>(items: T[], segments: string[]): { item: T | null; rest: string[] } {
  const named = segments.length > 0 ? items.find((item) => item.path !== "" && item.path === segments[0]) : undefined;
  if (named) return { item: named, rest: segments.slice(1) };
  return { item: items.find((item) => item.isDefault) ?? null, rest: segments };
}

/** The page `rest` names, or the place to redirect to, or null. */
function matchPage(visible: VisibleSite, rest: string): SiteRoute | null {
  const segments = rest === "" ? [] : rest.split("/");
  let section: ModelSection | null = null;
  let inSection = segments;
  if (visible.sections.length > 0) {
    const picked = pick(visible.sections, segments);
    if (!picked.item) return null;
    section = picked.item;
    inSection = picked.rest;
  }
  const { item: siteSpace, rest: pageSegments } = pick(section ? section.siteSpaces : visible.rootSiteSpaces, inSection);
  if (!siteSpace) return null;
  const pagePath = pageSegments.join("/");
  const index = indexOf(siteSpace);
  const page = index.byPath.get(pagePath);
  // A fallback default (its own default hidden from this visitor) keeps its path: its root redirects to it.
  const canonical = page && sitePath(section, siteSpace, page);
  if (page && canonical !== encodePath(rest)) return { kind: "redirect", location: `/${canonical}`, status: 302 };
  if (page) return { kind: "page", section, siteSpace, page };
  if (pagePath === "" && !index.home && siteSpace.pages.length > 0) {
    const first = siteSpace.pages.find((candidate) => !candidate.hidden) ?? siteSpace.pages[0]!;
    return { kind: "redirect", location: `/${sitePath(section, siteSpace, first)}`, status: 302 };
  }
  if (index.home && pagePath !== "" && pagePath === index.homeSlugPath) {
    return { kind: "redirect", location: `/${sitePath(section, siteSpace, index.home)}`, status: 301 };
  }
  return null;
}

export async function routeSitePath(visible: VisibleSite, rest: string): Promise<SiteRoute> {
  if (rest.endsWith("/")) {
    const trimmed = rest.replace(/\/+$/, "");
    const route = matchPage(visible, trimmed);
    if (route?.kind === "page") return { kind: "redirect", location: `/${sitePath(route.section, route.siteSpace, route.page)}`, status: 301 };
    if (route) return route;
    return (await siteRedirect(visible, trimmed)) ?? { kind: "not-found" };
  }
  return matchPage(visible, rest) ?? (await siteRedirect(visible, rest)) ?? { kind: "not-found" };
}

/**
 * The site's redirect for a path no page answers: its own source, else the longest `*` prefix
 * (server/sites/redirects/source-path.ts), leading where the destination is in this visitor's view.
 */
async function siteRedirect(visible: VisibleSite, rest: string): Promise<SiteRoute | null> {
  const source = `/${rest}`;
  // Sources are URL-encoded (letters, digits, `-._~+` and %-escapes); a decoded path is encoded back to compare.
  const encoded = encodePath(source);
  const candidates = candidateSources(encoded).filter((candidate) => candidate.length <= MAX_SOURCE_LENGTH);
  if (candidates.length === 0) return null;
  const rows = await db().siteRedirect.findMany({ where: { siteId: visible.site.id, source: { in: candidates } } });
  const redirect = candidates.map((candidate) => rows.find((row) => row.source === candidate)).find((row) => row !== undefined);
  if (!redirect) return null;
  const target = destinationPath(visible, redirect.destination as RedirectDestination);
  if (target === null) return null;
  const suffix = redirect.captureWildcard && redirect.source.endsWith("*") ? encoded.slice(redirect.source.length - 1).replace(/^\//, "") : "";
  const location = suffix ? `${target.replace(/\/$/, "")}/${suffix}` : target;
  return { kind: "redirect", location, status: redirect.permanent ? 301 : 302 };
}

/** Where a destination is in the visitor's view ("/…" under the site, or an external URL), or null when gone. */
function destinationPath(visible: VisibleSite, destination: RedirectDestination): string | null {
  if (destination.kind === "external") return destination.url;
  const sections = visible.sections.length > 0 ? visible.sections : [null];
  if (destination.kind === "site-section") {
    const section = visible.sections.find((candidate) => candidate.id === destination.siteSectionId);
    return section ? `/${section.path}` : null;
  }
  for (const section of sections) {
    const siteSpace = (section ? section.siteSpaces : visible.rootSiteSpaces).find((candidate) => candidate.id === destination.siteSpaceId);
    if (!siteSpace) continue;
    if (destination.kind === "site-space") return `/${sitePath(section, siteSpace)}`;
    const page = siteSpace.pages.find((candidate) => candidate.id === destination.pageId);
    return page ? `/${sitePath(section, siteSpace, page)}` : null;
  }
  return null;
}
