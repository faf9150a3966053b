import { configuredPublicUrl } from "../../config";
import { BASENAME_PATTERN } from "../urls";
import type { SiteDirectory, DirectoryEntry } from "./cache";
import type { SiteAddress } from "./types";

/**
 * Where a request's site lives. Every site request reaches the app as `/<basename>/<rest>`: directly
 * (`<public URL>/<basename>/…`), or rewritten by the app server (site-hosts.ts) from a custom
 * hostname or a proxy path, which then names the address the visitor used in `x-quire-site-address`
 * (it deletes any such header a client sends, so the header is always ours).
 */

export const SITE_ADDRESS_HEADER = "x-quire-site-address";
/** Longest path after a site's base that is routed (pages are a few segments deep; anything longer is a 404). */
export const MAX_REST_LENGTH = 2048;

export type ResolvedAddress = { basename: string; address: Omit<SiteAddress, "siteId">; restRaw: string; rest: string };

/** The basename, address and rest (raw and decoded) of a request to `/<basename>/<rest>`, or null when it cannot be one. */
export function resolveAddress(request: Request, url: URL): ResolvedAddress | null {
  const path = url.pathname;
  const slash = path.indexOf("/", 1);
  const basename = slash < 0 ? path.slice(1) : path.slice(1, slash);
  if (!BASENAME_PATTERN.test(basename)) return null;
  // Repeated slashes are one: a rest starting with `/` would make `//host` of the URLs built from it.
  const restRaw = slash < 0 ? "" : path.slice(slash + 1).replace(/\/{2,}/g, "/").replace(/^\//, "");
  if (restRaw.length > MAX_REST_LENGTH) return null;
  let rest: string;
  try {
    rest = decodeURIComponent(restRaw);
  } catch {
    return null;
  }
  const given = request.headers.get(SITE_ADDRESS_HEADER);
  if (given) {
    const address = parseAddressHeader(given);
    if (address) return { basename, address, restRaw, rest };
  }
  return { basename, address: { origin: configuredPublicUrl() ?? url.origin, basePath: `/${basename}` }, restRaw, rest };
}

function parseAddressHeader(value: string): Omit<SiteAddress, "siteId"> | null {
  try {
    const url = new URL(value);
    return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, "") };
  } catch {
    return null;
  }
}

/** A request's host as the directory keys it: lowercase, without a port. */
export function hostKey(host: string | null): string {
  if (!host) return "";
  const lower = host.toLowerCase();
  // An IPv6 literal keeps its brackets; a port follows the last colon after them.
  const colon = lower.lastIndexOf(":");
  return colon > lower.lastIndexOf("]") ? lower.slice(0, colon) : lower;
}

export type SiteRewrite = { entry: DirectoryEntry; pathname: string; address: string };

/**
 * The rewrite of a request to a custom hostname or a proxy path: `/<basename>/<rest>` and the
 * address the visitor used (`<origin><basePath>`), or null when the host is not a site's.
 * `proxiesOnly`: for a host named by X-Forwarded-Host, which only a proxy in front sets honestly.
 */
export function siteRewrite(directory: SiteDirectory, host: string | null, pathname: string, protocol: string, options: { proxiesOnly?: boolean } = {}): SiteRewrite | null {
  const key = hostKey(host);
  const entries = key ? directory.byHost.get(key) : undefined;
  if (!entries) return null;
  const origin = `${protocol.replace(/:$/, "")}://${host}`;
  for (const entry of entries) {
    if (entry.proxy && entry.proxy.host === key && entry.proxy.path !== "") {
      const { path } = entry.proxy;
      if (pathname !== path && !pathname.startsWith(`${path}/`)) continue;
      return { entry, pathname: `/${entry.basename}${pathname.slice(path.length)}`, address: `${origin}${path}` };
    }
    if (options.proxiesOnly && !entry.proxy) continue;
    if (entry.hostname === key || (entry.proxy?.host === key && entry.proxy.path === "")) {
      return { entry, pathname: `/${entry.basename}${pathname === "/" ? "" : pathname}`, address: origin };
    }
  }
  return null;
}
