import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { budgetMb, ByteLru } from "../../cache/byte-lru";
import { db } from "../../db/client";
import { ENCODING_HEADER, encodingReachesClient } from "../../http/encoded-responses";
import { liveHub, type LiveHub } from "../../live/hub";
import { kindOfAction, type LiveMessage } from "../../live/messages";
import { loadSiteModel } from "./model";
import type { SiteModel } from "./types";

/**
 * What each app server keeps of its published sites, and when it lets go. Three things are kept:
 * the directory of published sites (basename, hostname and proxy → site), each site's SiteModel,
 * and rendered outputs (compressed once) in a byte-bounded LRU. Nothing is shared between
 * servers: every server LISTENs on PostgreSQL's `quire_live` channel (server/live/hub.ts), where
 * writes NOTIFY at commit. A `site` message drops that site's model (and the directory); a
 * `space` message drops the model of every site showing the space (a merge moves its revision);
 * a reconnection drops everything, since messages may have been missed meanwhile. Rendered
 * outputs are keyed by the model's version, so a new model never meets an old output.
 */

/** A rendered output, compressed both ways once when it is made. */
export type CachedBody = { body: Buffer; gzip: Buffer; br: Buffer; etag: string; contentType: string };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Compresses an output for `sendCached`; its ETag is the digest of its bytes. */
export async function cachedBody(body: Buffer | string, contentType: string): Promise<CachedBody> {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    // Quality 9 of 11: close to the best ratio at a fraction of the time, paid once per entry.
    brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  ]);
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  return { body: bytes, gzip: gzipped, br: brotli, etag, contentType };
}

/** Whether `If-None-Match` names this ETag (a list, weak or not, or `*`). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** The coding to send: br, then gzip, when the client accepts it (q=0 refuses). */
function chosenEncoding(header: string | null): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/**
 * Sends a cached output: 304 when the client already holds it, else the best encoding it accepts
 * (through Next.js, only behind the app server that keeps the coding: server/http/encoded-responses.ts).
 */
export function sendCached(request: Request, cached: CachedBody, headers: HeadersInit = {}, status = 200): Response {
  const out = new Headers(headers);
  out.set("ETag", cached.etag);
  out.append("Vary", "Accept-Encoding");
  if (status === 200 && matchesEtag(request.headers.get("if-none-match"), cached.etag)) return new Response(null, { status: 304, headers: out });
  const encoding = encodingReachesClient() ? chosenEncoding(request.headers.get("accept-encoding")) : null;
  const bytes = encoding === "br" ? cached.br : encoding === "gzip" ? cached.gzip : cached.body;
  out.set("Content-Type", cached.contentType);
  out.set("Content-Length", String(bytes.length));
  if (encoding) {
    out.set("Content-Encoding", encoding);
    out.set(ENCODING_HEADER, encoding);
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { status, headers: out });
}

/** A published site's addresses, as the directory knows them. */
export type DirectoryEntry = { siteId: string; basename: string; hostname: string | null; proxy: { host: string; path: string } | null };
export type SiteDirectory = {
  byBasename: ReadonlyMap<string, DirectoryEntry>;
  /** Custom hostnames and proxy hosts (lowercase, no port): the proxy's one lookup for every request. */
  byHost: ReadonlyMap<string, DirectoryEntry[]>;
};

/** `host/path…` of a site's proxy as its host and its path prefix (no trailing slash). */
export function parseProxy(proxy: string): { host: string; path: string } {
  const slash = proxy.indexOf("/");
  const host = (slash < 0 ? proxy : proxy.slice(0, slash)).toLowerCase();
  const path = slash < 0 ? "" : proxy.slice(slash).replace(/\/+$/, "");
  return { host, path };
}


/** What the process keeps of published sites, kept fresh by one live hub. */
export class SiteCache {
  /** Rendered outputs (pages, machine files, assets), by a key holding the model version. */
  readonly renders = new ByteLru<CachedBody>(budgetMb("QUIRE_SITE_RENDER_CACHE_MB", 128), (value) => value.body.length + value.gzip.length + value.br.length + 200);
  private readonly models = new ByteLru<SiteModel>(budgetMb("QUIRE_SITE_MODEL_CACHE_MB", 64), approximateSize);
  private readonly loading = new Map<string, Promise<SiteModel | null>>();
  /** Loads under way, each told when what it reads changed meanwhile (it then keeps its result out of the cache). */
  private readonly inFlight = new Set<{ siteId: string | null; stale: boolean }>();
  private readonly sitesOfSpace = new Map<string, Set<string>>();
  private directoryPromise: Promise<SiteDirectory> | null = null;
  private listening = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly hub: LiveHub) {
    this.unsubscribe = hub.subscribe(
      (message) => this.onMessage(message),
      () => this.clear(),
    );
    this.watchConnection();
  }

  /** Only what was loaded while the channel was listened to may be kept: anything else could miss its invalidation. */
  private watchConnection(): void {
    this.hub.listening().then(
      () => (this.listening = true),
      () => (this.listening = false),
    );
  }

  private onMessage(message: LiveMessage): void {
    if (message.topic === "site") this.invalidateSite(message.siteId);
    else if (message.topic === "space" && !QUIET_KINDS.has(kindOfAction(message.action))) this.invalidateSpace(message.spaceId);
  }

  /** The published sites' addresses: one query, kept until a site changes. */
  directory(): Promise<SiteDirectory> {
    if (this.directoryPromise) return this.directoryPromise;
    const load = { siteId: null, stale: false };
    this.inFlight.add(load);
    const promise = loadDirectory().finally(() => {
      this.inFlight.delete(load);
      if (load.stale || !this.listening) {
        if (this.directoryPromise === promise) this.directoryPromise = null;
      }
    });
    this.directoryPromise = promise;
    promise.catch(() => {
      if (this.directoryPromise === promise) this.directoryPromise = null;
    });
    if (!this.listening) this.watchConnection();
    return promise;
  }

  /**
   * The published site at `/<basename>`: from the directory, else (a site published since it was
   * loaded, whose message this server may not have had yet) from the database.
   */
  async siteIdOfBasename(basename: string): Promise<string | null> {
    const known = (await this.directory()).byBasename.get(basename);
    if (known) return known.siteId;
    const row = await db().site.findFirst({ where: { basename, ...SERVED }, select: { id: true } });
    return row?.id ?? null;
  }

  /** A published site's model (null: no such published site), loaded once per content version. */
  async model(siteId: string): Promise<SiteModel | null> {
    const cached = this.models.get(siteId);
    if (cached) return cached;
    const pending = this.loading.get(siteId);
    if (pending) return pending;
    const load = { siteId, stale: false };
    this.inFlight.add(load);
    const promise = loadSiteModel(siteId)
      .then((model) => {
        if (model && !load.stale && this.listening) {
          this.models.set(siteId, model);
          for (const siteSpace of allSiteSpaces(model)) {
            const sites = this.sitesOfSpace.get(siteSpace.spaceId) ?? new Set<string>();
            sites.add(siteId);
            this.sitesOfSpace.set(siteSpace.spaceId, sites);
          }
        }
        return model;
      })
      .finally(() => {
        this.inFlight.delete(load);
        this.loading.delete(siteId);
      });
    this.loading.set(siteId, promise);
    if (!this.listening) this.watchConnection();
    return promise;
  }

  invalidateSite(siteId: string): void {
    this.models.delete(siteId);
    this.loading.delete(siteId);
    this.directoryPromise = null;
    for (const load of this.inFlight) if (load.siteId === null || load.siteId === siteId) load.stale = true;
  }

  invalidateSpace(spaceId: string): void {
    for (const siteId of this.sitesOfSpace.get(spaceId) ?? []) {
      this.models.delete(siteId);
      this.loading.delete(siteId);
    }
    this.sitesOfSpace.delete(spaceId);
    // A model being loaded may be reading this space: it is not kept.
    for (const load of this.inFlight) if (load.siteId !== null) load.stale = true;
  }

  /** Forgets everything (a reconnection: messages may have been missed). */
  clear(): void {
    this.models.clear();
    this.loading.clear();
    this.renders.clear();
    this.sitesOfSpace.clear();
    this.directoryPromise = null;
    for (const load of this.inFlight) load.stale = true;
    this.listening = true;
  }

  /** Stops listening (tests). */
  close(): void {
    this.unsubscribe();
  }
}

/** Discussions and reviews never change what a site shows. */
const QUIET_KINDS = new Set(["comments", "reviews"]);

function allSiteSpaces(model: SiteModel) {
  return [...model.rootSiteSpaces, ...model.sections.flatMap((section) => section.siteSpaces)];
}

/** Bytes a model holds, roughly: pages dominate. */
function approximateSize(model: SiteModel): number {
  return allSiteSpaces(model).reduce((sum, siteSpace) => sum + 2_000 + siteSpace.pages.length * 600, 10_000);
}

/** The sites served: published ones of organizations that are not deleted (a deletion NOTIFYs each of its sites). */
export const SERVED = { published: true, organization: { deletedAt: null } } as const;

async function loadDirectory(): Promise<SiteDirectory> {
  const rows = await db().site.findMany({ where: SERVED, select: { id: true, basename: true, hostname: true, proxy: true } });
  const byBasename = new Map<string, DirectoryEntry>();
  const byHost = new Map<string, DirectoryEntry[]>();
  for (const row of rows) {
    const entry: DirectoryEntry = { siteId: row.id, basename: row.basename, hostname: row.hostname?.toLowerCase() ?? null, proxy: row.proxy ? parseProxy(row.proxy) : null };
    byBasename.set(row.basename, entry);
    for (const host of new Set([entry.hostname, entry.proxy?.host])) {
      if (host) byHost.set(host, [...(byHost.get(host) ?? []), entry]);
    }
  }
  // Longest proxy path first: a host may carry several sites in nested folders.
  for (const entries of byHost.values()) entries.sort((a, b) => (b.proxy?.path.length ?? 0) - (a.proxy?.path.length ?? 0));
  return { byBasename, byHost };
}

const globalSites = globalThis as unknown as { quireSiteCache?: SiteCache };

/** This process's cache (on globalThis: the proxy and the route handlers are separate bundles of one process). */
export function siteCache(): SiteCache {
  globalSites.quireSiteCache ??= new SiteCache(liveHub());
  return globalSites.quireSiteCache;
}

/**
 * A rendered output from this server's cache, made by `produce` on a miss. The key must hold
 * everything the output depends on: the model's version, the address, the visitor's segment, the path.
 */
export async function cachedRender(key: string, produce: () => Promise<CachedBody>): Promise<CachedBody> {
  const cache = siteCache();
  const hit = cache.renders.get(key);
  if (hit) return hit;
  const made = await produce();
  cache.renders.set(key, made);
  return made;
}
