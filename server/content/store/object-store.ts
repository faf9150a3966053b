import type { ByteLru } from "../../cache/byte-lru";
import { db, type Db } from "../../db/client";
import { canonicalJson, sha256 } from "./hash";
import { deepFreeze, sharedContent } from "./shared-content";

/**
 * Content-addressed storage of one space's content: JSON objects (page and file versions, tree
 * nodes) and markdown bodies, each stored once under the hash of its canonical form. Objects
 * are immutable, so revisions share every object they have in common. Reads are cached and
 * writes buffered for the life of one unit of work; `flush()` writes them in two statements.
 * A store for reading (`ObjectStore.reading`) also shares what it reads with the process's other
 * reads (server/content/store/shared-content.ts).
 */
export class ObjectStore {
  private readonly objects = new Map<string, unknown>();
  private readonly bodies = new Map<string, string>();
  private readonly pendingObjects = new Map<string, unknown>();
  private readonly pendingBodies = new Map<string, string>();

  constructor(
    private readonly tx: Db,
    readonly spaceId: string,
    private readonly shared: ByteLru<unknown> | null = null,
  ) {}

  /** A store outside any transaction that reads through the process's cache of immutable content, for reads that write nothing. */
  static reading(spaceId: string): ObjectStore {
    return new ObjectStore(db(), spaceId, sharedContent());
  }

  putObject(value: unknown): string {
    const json = canonicalJson(value);
    const hash = sha256(json);
    if (!this.objects.has(hash)) {
      const stored = JSON.parse(json) as unknown;
      this.objects.set(hash, stored);
      this.pendingObjects.set(hash, stored);
    }
    return hash;
  }

  putBody(markdown: string): string {
    const hash = sha256(markdown);
    if (!this.bodies.has(hash)) {
      this.bodies.set(hash, markdown);
      this.pendingBodies.set(hash, markdown);
    }
    return hash;
  }

  async getObject<T>(hash: string): Promise<T> {
    return (await this.getObjects<T>([hash])).get(hash)!;
  }

  /** Loads many objects in one query; a missing hash is a corrupted store, hence an error. */
  async getObjects<T>(hashes: Iterable<string>): Promise<Map<string, T>> {
    const missing = this.missing(hashes, this.objects, "o");
    if (missing.length > 0) {
      const rows = await this.tx.$queryRaw<{ hash: string; data: unknown }[]>`
        SELECT hash, data FROM content_objects WHERE space_id = ${this.spaceId} AND hash = ANY(${missing}::text[])`;
      for (const row of rows) this.objects.set(row.hash, this.share("o", row.hash, row.data));
      const lost = missing.find((hash) => !this.objects.has(hash));
      if (lost) throw new Error(`Content object ${lost} is missing from space ${this.spaceId}`);
    }
    const result = new Map<string, T>();
    for (const hash of hashes) result.set(hash, this.objects.get(hash) as T);
    return result;
  }

  async getBodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    const missing = this.missing(hashes, this.bodies, "b");
    if (missing.length > 0) {
      const rows = await this.tx.$queryRaw<{ hash: string; body: string }[]>`
        SELECT hash, body FROM content_bodies WHERE space_id = ${this.spaceId} AND hash = ANY(${missing}::text[])`;
      for (const row of rows) this.bodies.set(row.hash, this.share("b", row.hash, row.body));
    }
    const result = new Map<string, string>();
    for (const hash of hashes) {
      const body = this.bodies.get(hash);
      if (body === undefined) throw new Error(`Page body ${hash} is missing from space ${this.spaceId}`);
      result.set(hash, body);
    }
    return result;
  }

  /** The hashes neither this store nor (for a reading store) the process's cache holds; those the cache holds are copied here. */
  private missing<V>(hashes: Iterable<string>, own: Map<string, V>, kind: "o" | "b"): string[] {
    const missing: string[] = [];
    for (const hash of new Set(hashes)) {
      if (own.has(hash)) continue;
      const shared = this.shared?.get(`${kind}:${this.spaceId}:${hash}`) as V | undefined;
      if (shared === undefined) missing.push(hash);
      else own.set(hash, shared);
    }
    return missing;
  }

  /** A value read from the database, kept (frozen) in the process's cache when this store reads through it. */
  private share<V>(kind: "o" | "b", hash: string, value: V): V {
    if (!this.shared) return value;
    this.shared.set(`${kind}:${this.spaceId}:${hash}`, deepFreeze(value));
    return value;
  }

  /**
   * Writes what was put since the last flush; objects already stored are left as they are. Rows
   * go in hash order: two writes storing some of the same objects then wait for each other in
   * the same order, instead of deadlocking on each other's rows.
   */
  async flush(): Promise<void> {
    if (this.pendingObjects.size > 0) {
      const hashes = [...this.pendingObjects.keys()].sort();
      const data = hashes.map((hash) => JSON.stringify(this.pendingObjects.get(hash)));
      await this.tx.$executeRaw`
        INSERT INTO content_objects (space_id, hash, data)
        SELECT ${this.spaceId}, hash, data::jsonb FROM unnest(${hashes}::text[], ${data}::text[]) AS t(hash, data)
        ON CONFLICT DO NOTHING`;
      this.pendingObjects.clear();
    }
    if (this.pendingBodies.size > 0) {
      const hashes = [...this.pendingBodies.keys()].sort();
      const bodies = hashes.map((hash) => this.pendingBodies.get(hash)!);
      await this.tx.$executeRaw`
        INSERT INTO content_bodies (space_id, hash, body)
        SELECT ${this.spaceId}, hash, body FROM unnest(${hashes}::text[], ${bodies}::text[]) AS t(hash, body)
        ON CONFLICT DO NOTHING`;
      this.pendingBodies.clear();
    }
  }
}
