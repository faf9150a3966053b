import type { Site, SiteSection, SiteSpace } from "../db/generated/client";
import { configuredPublicUrl } from "../config";

/**
 * Where a docs site and its parts are published, and which basenames a site may take. A site is
 * served at `<public URL>/<basename>`, or at `https://<hostname>` with a custom hostname, or at
 * `https://<proxy>` when another domain proxies it in a subdirectory (the proxy is the address
 * visitors use, so it wins). A section lives at `<site>/<section path>` (the default section at
 * the site itself), a site space at `<section>/<site space path>` (the default one at the section).
 * Whether the URL is shown (only once published) is the presenters' call.
 */

export type SiteAddress = Pick<Site, "basename" | "hostname" | "proxy">;
export type SectionPlace = Pick<SiteSection, "path" | "isDefault">;
export type SiteSpacePlace = Pick<SiteSpace, "path" | "isDefault">;

/**
 * Top-level routes of the app (`app/`) and of Next itself: a site there would be shadowed by them.
 * Kept lowercase; basenames are lowercase too.
 */
export const RESERVED_BASENAMES: ReadonlySet<string> = new Set([
  "o",
  "api",
  "v1",
  "login",
  "logout",
  "settings",
  "invite",
  "sso",
  "files",
  "pdf",
  "_next",
  "icon.svg",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
]);

/** A basename: 1 to 100 lowercase letters, digits, `-` and `_`, starting and ending with a letter or digit. */
export const BASENAME_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{0,98}[a-z0-9])?$/;
export const BASENAME_MAX_LENGTH = 100;

export function isReservedBasename(basename: string): boolean {
  return RESERVED_BASENAMES.has(basename.toLowerCase());
}

/** The origin published sites hang from: the configured public URL, else the caller's origin. */
export function sitesPublicBase(baseUrl: string): string {
  return configuredPublicUrl() ?? baseUrl;
}

/** The site's own URL (its default section and default site space live there too). */
export function siteUrl(site: SiteAddress, baseUrl: string): string {
  if (site.proxy) return `https://${site.proxy}`;
  if (site.hostname) return `https://${site.hostname}`;
  return `${sitesPublicBase(baseUrl)}/${site.basename}`;
}

/** A section's URL: the site's for the default section, else `<site>/<path>`. */
export function siteSectionUrl(site: SiteAddress, section: SectionPlace, baseUrl: string): string {
  const root = siteUrl(site, baseUrl);
  return section.isDefault ? root : `${root}/${section.path}`;
}

/**
 * A site space's URL: under its section (null for a root-level site space of a site without
 * sections), at the section's URL itself for the default site space.
 */
export function siteSpaceUrl(site: SiteAddress, section: SectionPlace | null, siteSpace: SiteSpacePlace, baseUrl: string): string {
  const parent = section ? siteSectionUrl(site, section, baseUrl) : siteUrl(site, baseUrl);
  return siteSpace.isDefault ? parent : `${parent}/${siteSpace.path}`;
}

/** A basename made from a title: lowercase words joined by `-`, never reserved, never empty. */
export function basenameFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BASENAME_MAX_LENGTH - 8)
    .replace(/-+$/, "");
  return slug === "" || isReservedBasename(slug) ? `site${slug ? `-${slug}` : ""}` : slug;
}
