import { trimEndOf } from "../content/format/linear-text";

/**
 * Which URLs belong to the site being imported: those on the start page's host under its path
 * prefix (`/docs/` for `https://host/docs/` or `https://host/docs`, the folder of a file such as
 * `/docs/index.html`). The start page's address after redirects sets the scope.
 */
export type SiteScope = { protocol: string; host: string; prefix: string };

export function scopeOf(startUrl: string): SiteScope {
  const url = new URL(startUrl);
  return { protocol: url.protocol, host: url.host, prefix: folderOf(url.pathname) };
}

function folderOf(pathname: string): string {
  if (pathname.endsWith("/")) return pathname;
  const cut = pathname.lastIndexOf("/") + 1;
  // A file scopes its folder; a bare last segment (`/docs`) is taken as a folder itself.
  return /\.[a-z0-9]{1,8}$/i.test(pathname.slice(cut)) ? pathname.slice(0, cut) : `${pathname}/`;
}

/** The URL as one key per page: in scope, written with the start's protocol and without its fragment; null out of scope. */
export function pageKey(scope: SiteScope, absoluteUrl: string): string | null {
  const url = new URL(absoluteUrl);
  if (url.host !== scope.host) return null;
  if (!url.pathname.startsWith(scope.prefix) && `${url.pathname}/` !== scope.prefix) return null;
  url.protocol = scope.protocol;
  url.hash = "";
  return url.href;
}

/** Links to files rather than pages, left alone by the crawl (a response's type is checked too). */
const NOT_HTML =
  /\.(pdf|zip|gz|tgz|bz2|xz|tar|rar|7z|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|xml|rss|atom|txt|csv|ya?ml|mp3|mp4|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|otf|eot|exe|msi|dmg|pkg|deb|rpm|apk|iso|docx?|xlsx?|pptx?|odt|epub)$/i;

export const looksLikeFile = (key: string) => NOT_HTML.test(new URL(key).pathname);

/** A page's path for the page tree: no trailing slash nor `index.html`, so `/a/` and `/a/index.html` are `/a`. */
export function treePath(key: string): string {
  return trimEndOf(new URL(key).pathname.replace(/\/index\.html?$/i, ""), "/");
}
