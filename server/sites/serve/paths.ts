import type { ModelPage, ModelSection, ModelSiteSpace, SiteAddress } from "./types";

/**
 * The URLs of a served site's parts, under the request's address (server/sites/serve/types.ts): a
 * page lives at `<basePath>/<section path>/<site space path>/<page path>` with empty parts dropped
 * (the default section, the default site space and the home page have path ""). Hrefs are
 * root-relative (`/docs/guides/start`); `absoluteUrl` adds the origin where a full URL is needed
 * (canonical links, sitemaps, redirects to another host).
 */

/** Each segment percent-encoded, so a path read back decoded (`rest`) routes to the same page. */
const encodeSegments = (path: string) => path.split("/").map(encodeURIComponent).join("/");

/** The path of a page inside its site, without a leading `/` ("" for the site's home). */
export function sitePath(section: Pick<ModelSection, "path"> | null, siteSpace: Pick<ModelSiteSpace, "path">, page?: Pick<ModelPage, "path">): string {
  return [section?.path ?? "", siteSpace.path, page?.path ?? ""].filter((part) => part !== "").map(encodeSegments).join("/");
}

/** `<basePath>/<path>`, or the site's root itself (`/` at a host's root) for the empty path. */
export function underBase(address: Pick<SiteAddress, "basePath">, path: string): string {
  if (path === "") return address.basePath || "/";
  return `${address.basePath}/${path}`;
}

export function pageHref(address: SiteAddress, section: ModelSection | null, siteSpace: ModelSiteSpace, page: ModelPage): string {
  return underBase(address, sitePath(section, siteSpace, page));
}

export function siteSpaceHref(address: SiteAddress, section: ModelSection | null, siteSpace: ModelSiteSpace): string {
  return underBase(address, sitePath(section, siteSpace));
}

/** A path of the site's own machinery: `internalHref(address, "~/search")`. */
export function internalHref(address: SiteAddress, path: `~/${string}`): string {
  return underBase(address, path);
}

/** Where a file of a space the site shows is served: `~/files/<spaceId>/<fileId>` (server/sites/serve/files.ts). */
export function fileHref(address: SiteAddress, spaceId: string, fileId: string): string {
  return internalHref(address, `~/files/${encodeURIComponent(spaceId)}/${encodeURIComponent(fileId)}`);
}

/** A full URL for an href of this site (kept as is when it already is one). */
export function absoluteUrl(address: SiteAddress, href: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `${address.origin}${href}`;
}
