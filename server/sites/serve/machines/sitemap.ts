import { absoluteUrl, pageHref } from "../paths";
import type { SiteAddress, VisibleSite } from "../types";
import { esc } from "../render/html";
import { hiddenFromRobots, listedPages, placedSiteSpaces } from "./listing";

/**
 * `sitemap.xml` and `robots.txt`. Only a public site has a sitemap: an unlisted site is reachable
 * by its URL alone and must not be listed anywhere, and a share-link or visitor-auth site's pages
 * are not for crawlers, so those answer 404 and their robots.txt disallows everything.
 */

/** The sitemap protocol's limit per file; a site beyond it lists its first pages in reading order. */
export const MAX_SITEMAP_URLS = 50_000;

/** The sitemap of a site: every listed page not marked `noRobotsIndex` (callers serve it for public sites only). */
export function sitemapXml(visible: VisibleSite, address: SiteAddress): string {
  const entries: string[] = [];
  for (const { section, siteSpace } of placedSiteSpaces(visible)) {
    for (const page of listedPages(siteSpace)) {
      if (page.noRobotsIndex) continue;
      if (entries.length === MAX_SITEMAP_URLS) break;
      const loc = absoluteUrl(address, pageHref(address, section, siteSpace, page));
      entries.push(`<url><loc>${esc(loc)}</loc><lastmod>${esc(lastmod(page.updatedAt))}</lastmod></url>`);
    }
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries,
    `</urlset>`,
    "",
  ].join("\n");
}

/** W3C datetime as sitemaps take it; the time as stored when it does not parse. */
function lastmod(updatedAt: string): string {
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? updatedAt : new Date(time).toISOString();
}

/** Public: everything allowed, and where the sitemap is. Any other visibility: nothing. */
export function robotsTxt(visible: VisibleSite, address: SiteAddress): string {
  if (hiddenFromRobots(visible)) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(address, `${address.basePath}/sitemap.xml`)}\n`;
}
