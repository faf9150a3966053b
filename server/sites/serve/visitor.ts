import { createHash } from "node:crypto";
import { db } from "../../db/client";
import type { ClaimSchema, ConditionNode } from "../conditions";
import { isAllowedClaimName } from "../conditions/types";
import { siteReaderFromShareKey } from "../published/reader";
import { MAX_VISITOR_TOKEN_LENGTH, verifyVisitorToken, type VisitorClaims } from "../publishing-auth/visitor-token";
import { siteUrl } from "../urls";
import { underBase } from "./paths";
import type { ModelSiteSpace, SiteAddress, SiteModel, Visitor } from "./types";

/**
 * The visitor gate: who may read a site, with which claims. Visibility `public` and `unlisted` are
 * open. `share-link`: a `?share=<key>` that opens the site is kept in a cookie and the visitor sent
 * to the URL without it; the cookie's key is checked again on every request (a revoked or expired
 * link stops working at once), and anything else is answered as if no site were there. `visitor-auth`: a `?jwt_token=` signed
 * with the site's key is kept the same way and checked on every request (signature, expiry,
 * audience); without a valid one the visitor is sent to the site's login URL (`location` naming
 * where they were going), or gets a 401 page when it has none. With adaptive content, a visitor's
 * claims are the token's (signed) and, under `unsigned`, those of the `gitbook-visitor-public`
 * cookie and of `visitor.<claim>` query parameters, as GitBook's sites take them.
 */

export type VisitorOutcome =
  | { kind: "visitor"; visitor: Visitor; setCookies: string[] }
  /** The URL without the access parameters, once they were turned into cookies. */
  | { kind: "redirect"; location: string; setCookies: string[] }
  /** Turned away as if no site were here (a share-link site without a valid key): nothing is set. */
  | { kind: "not-found" }
  | { kind: "login"; location: string; setCookies: string[] }
  | { kind: "unauthorized"; setCookies: string[] };

export const PUBLIC_VISITOR: Visitor = Object.freeze({ via: "public", claims: Object.freeze({}), segment: "public" }) as Visitor;

/** Largest claims a visitor may bring (serialized): they are hashed into a cache segment. */
export const MAX_CLAIMS_BYTES = 8192;
const MAX_UNSIGNED_PARAMS = 50;
const MAX_CLAIM_DEPTH = 4;
const MAX_COOKIE_HEADER = 16_384;

/** Cookie names carry the site's id: two sites on one origin never read each other's. */
export const shareCookie = (siteId: string) => `quire_share_${siteId}`;
export const tokenCookie = (siteId: string) => `quire_visitor_${siteId}`;
export const claimsCookie = (siteId: string) => `quire_claims_${siteId}`;
/** GitBook's cookies, set by the customer's own application on a shared domain. */
const PUBLIC_CLAIMS_COOKIE = "gitbook-visitor-public";
const SIGNED_CLAIMS_COOKIE = "gitbook-visitor-token";

/** JWT fields that say nothing about the visitor and differ per token: kept out of claims and segments. */
const REGISTERED_CLAIMS = new Set(["exp", "iat", "nbf", "aud", "jti", "iss"]);

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header || header.length > MAX_COOKIE_HEADER) return cookies;
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

function cookie(address: SiteAddress, name: string, value: string, maxAgeSeconds?: number): string {
  const secure = address.origin.startsWith("https:") ? "; Secure" : "";
  const maxAge = maxAgeSeconds === undefined ? "" : `; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;
  return `${name}=${encodeURIComponent(value)}; Path=${address.basePath || "/"}; HttpOnly; SameSite=Lax${secure}${maxAge}`;
}
const clearCookie = (address: SiteAddress, name: string) => cookie(address, name, "", 0);

/** The URL being visited, under the site's address, without the given query parameters. */
function cleanLocation(address: SiteAddress, restRaw: string, url: URL, drop: (name: string) => boolean): string {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!drop(name)) kept.append(name, value);
  const query = kept.toString();
  return `${underBase(address, restRaw)}${query ? `?${query}` : ""}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** A JSON object from a cookie or null (too large, not JSON, not an object). */
function jsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text || text.length > MAX_CLAIMS_BYTES) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The declaration of an unsigned claim in the site's schema, to read a query parameter's text as its type. */
function unsignedClaimSchema(model: SiteModel, path: string[]): ClaimSchema | undefined {
  let node: { properties?: unknown } | undefined = model.adaptiveSchema?.properties?.unsigned as { properties?: unknown } | undefined;
  let claim: ClaimSchema | undefined;
  for (const name of path) {
    const properties = node?.properties;
    if (!isPlainObject(properties) || !Object.hasOwn(properties, name)) return undefined;
    claim = properties[name] as ClaimSchema;
    node = claim as { properties?: unknown };
  }
  return claim;
}

function typedValue(claim: ClaimSchema | undefined, text: string): unknown {
  if (claim?.type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  if (claim?.type === "number") return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  return text;
}

/** `visitor.<a>.<b>=value` query parameters as an object of claims (typed by the schema where it declares them). */
function urlClaims(model: SiteModel, url: URL): Record<string, unknown> {
  // Names are checked by isAllowedClaimName (no __proto__, constructor, prototype): plain objects are safe.
  const claims: Record<string, unknown> = {};
  let count = 0;
  for (const [name, value] of url.searchParams) {
    if (!name.startsWith("visitor.") || ++count > MAX_UNSIGNED_PARAMS) continue;
    const path = name.slice("visitor.".length).split(".");
    if (path.length > MAX_CLAIM_DEPTH || !path.every((part) => part !== "" && isAllowedClaimName(part))) continue;
    let target = claims;
    for (const part of path.slice(0, -1)) {
      if (!isPlainObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = typedValue(unsignedClaimSchema(model, path), value);
  }
  return claims;
}

const withoutRegistered = (claims: VisitorClaims) => Object.fromEntries(Object.entries(claims).filter(([name]) => !REGISTERED_CLAIMS.has(name)));

/** The claim paths the model's conditions read, each once: a visitor's segment depends on those alone. */
const readPathsOf = new WeakMap<SiteModel, string[][]>();
function conditionReadPaths(model: SiteModel): string[][] {
  let paths = readPathsOf.get(model);
  if (paths) return paths;
  const found = new Map<string, string[]>();
  const visit = (node: ConditionNode | null) => {
    if (!node) return;
    switch (node.type) {
      case "claim":
        found.set(JSON.stringify(node.path), node.path);
        return;
      case "not":
        return visit(node.operand);
      case "logical":
        return node.operands.forEach(visit);
      case "compare":
        visit(node.left);
        return visit(node.right);
      case "includes":
        visit(node.target);
        return visit(node.argument);
      case "literal":
        return;
    }
  };
  const visitSiteSpace = (siteSpace: ModelSiteSpace) => {
    visit(siteSpace.condition);
    for (const page of siteSpace.pages) visit(page.condition);
  };
  for (const section of model.sections) {
    visit(section.condition);
    section.siteSpaces.forEach(visitSiteSpace);
  }
  model.rootSiteSpaces.forEach(visitSiteSpace);
  paths = [...found.values()];
  readPathsOf.set(model, paths);
  return paths;
}

function readPath(claims: unknown, path: string[]): unknown {
  let current = claims;
  for (const name of path) {
    if (!isPlainObject(current) || !Object.hasOwn(current, name)) return undefined;
    current = current[name];
  }
  return current;
}

/**
 * Visitors who see the same content share a segment: the claims the site's conditions read, hashed.
 * How they came in is part of it (a share-link reader's copy is never a public one).
 */
export function visitorSegment(model: SiteModel, via: Visitor["via"], claims: Record<string, unknown>): string {
  const read = conditionReadPaths(model).flatMap((path) => {
    const value = readPath(claims, path);
    return value === undefined ? [] : [[path, value]];
  });
  if (read.length === 0) return via;
  return `${via}:${createHash("sha256").update(JSON.stringify(read)).digest("base64url").slice(0, 22)}`;
}

function makeVisitor(model: SiteModel, via: Visitor["via"], signed: VisitorClaims | null, unsigned: Record<string, unknown>): Visitor {
  if (!signed && Object.keys(unsigned).length === 0) return via === "public" ? PUBLIC_VISITOR : { via, claims: {}, segment: via };
  const claims: Record<string, unknown> = { ...(signed ? withoutRegistered(signed) : {}) };
  if (Object.keys(unsigned).length > 0) claims.unsigned = unsigned;
  if (JSON.stringify(claims).length > MAX_CLAIMS_BYTES) return makeVisitor(model, via, signed, {});
  return { via, claims, segment: visitorSegment(model, via, claims) };
}

/** Audiences a visitor token may name: the site's id, its URL, and the address it is being read at. */
function audiences(model: SiteModel, address: SiteAddress): string[] {
  return [...new Set([model.site.id, siteUrl(model.site, address.origin), `${address.origin}${address.basePath}`])];
}

const tokenMaxAge = (claims: VisitorClaims) => (typeof claims.exp === "number" ? claims.exp - Date.now() / 1000 : undefined);

export async function resolveVisitor(request: Request, url: URL, address: SiteAddress, model: SiteModel, restRaw: string): Promise<VisitorOutcome> {
  const { site } = model;
  const open = site.visibility === "public" || site.visibility === "unlisted";
  // The fast path of every public page: nothing to read.
  if (open && !site.adaptiveContent) return { kind: "visitor", visitor: PUBLIC_VISITOR, setCookies: [] };

  const cookies = parseCookies(request.headers.get("cookie"));
  const setCookies: string[] = [];
  const params = url.searchParams;
  let via: Visitor["via"] = "public";
  let signed: VisitorClaims | null = null;

  if (site.visibility === "share-link") {
    const given = params.get("share");
    if (given !== null) {
      if (!(await siteReaderFromShareKey(db(), site, given))) return { kind: "not-found" };
      setCookies.push(cookie(address, shareCookie(site.id), given));
      return { kind: "redirect", location: cleanLocation(address, restRaw, url, (name) => name === "share"), setCookies };
    }
    const kept = cookies.get(shareCookie(site.id));
    // A stale key stays in its cookie: clearing it would tell the reader a site is here.
    if (kept === undefined || !(await siteReaderFromShareKey(db(), site, kept))) return { kind: "not-found" };
    via = "share-link";
  } else if (site.visibility === "visitor-auth") {
    const login = (): VisitorOutcome => {
      const clear = [clearCookie(address, tokenCookie(site.id))];
      if (!site.visitorAuthFallbackUrl) return { kind: "unauthorized", setCookies: clear };
      const location = new URL(site.visitorAuthFallbackUrl);
      location.searchParams.set("location", cleanLocation({ ...address, basePath: "" }, restRaw, url, (name) => name === "jwt_token"));
      return { kind: "login", location: location.toString(), setCookies: clear };
    };
    const given = params.get("jwt_token");
    if (given !== null) {
      const verified = await verifyVisitorToken(site, given, { audience: audiences(model, address) });
      if (!verified.ok) return login();
      setCookies.push(cookie(address, tokenCookie(site.id), given, tokenMaxAge(verified.claims)));
      return { kind: "redirect", location: cleanLocation(address, restRaw, url, (name) => name === "jwt_token"), setCookies };
    }
    const kept = cookies.get(tokenCookie(site.id));
    if (kept === undefined) return login();
    const verified = await verifyVisitorToken(site, kept, { audience: audiences(model, address) });
    if (!verified.ok) return login();
    via = "visitor-auth";
    signed = verified.claims;
  }

  if (!site.adaptiveContent) return { kind: "visitor", visitor: makeVisitor(model, via, signed, {}), setCookies };

  // Adaptive content on a site that is not behind visitor auth: a signed token may still bring claims.
  if (site.visibility !== "visitor-auth") {
    const given = params.get("jwt_token");
    if (given !== null) {
      const verified = given.length <= MAX_VISITOR_TOKEN_LENGTH ? await verifyVisitorToken(site, given, { audience: audiences(model, address) }) : null;
      if (verified?.ok) setCookies.push(cookie(address, tokenCookie(site.id), given, tokenMaxAge(verified.claims)));
      return { kind: "redirect", location: cleanLocation(address, restRaw, url, (name) => name === "jwt_token"), setCookies };
    }
    const kept = cookies.get(tokenCookie(site.id)) ?? cookies.get(SIGNED_CLAIMS_COOKIE);
    if (kept !== undefined) {
      const verified = await verifyVisitorToken(site, kept, { audience: audiences(model, address) });
      if (verified.ok) signed = verified.claims;
    }
  }

  const fromUrl = [...params.keys()].some((name) => name.startsWith("visitor.")) ? urlClaims(model, url) : null;
  const keptUrlClaims = jsonObject(cookies.get(claimsCookie(site.id))) ?? {};
  if (fromUrl) {
    const merged = JSON.stringify({ ...keptUrlClaims, ...fromUrl });
    if (merged.length <= MAX_CLAIMS_BYTES) setCookies.push(cookie(address, claimsCookie(site.id), merged));
    return { kind: "redirect", location: cleanLocation(address, restRaw, url, (name) => name.startsWith("visitor.")), setCookies };
  }
  const unsigned = { ...(jsonObject(cookies.get(PUBLIC_CLAIMS_COOKIE)) ?? {}), ...keptUrlClaims };
  return { kind: "visitor", visitor: makeVisitor(model, via, signed, unsigned), setCookies };
}
