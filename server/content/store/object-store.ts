import type { Db } from "../../db/client";
import { canonicalJson, sha256 } from "./hash";

/**
 * Content-addressed storage of one space's content: JSON objects (page and file versions, tree
 * nodes) and markdown bodies, each stored once under the hash of its canonical form. Objects
 * are immutable, so revisions share every object they have in common. Reads are cached and
 * writes buffered for the life of one unit of work; `flush()` writes them in two statements.
 */
export class ObjectStore {
  private readonly objects = new Map<string, unknown>();
  private readonly bodies = new Map<string, string>();
  private readonly pendingObjects = new Map<string, unknown>();
  private readonly pendingBodies = new Map<string, string>();

  constructor(
    private readonly tx: Db,
    readonly spaceId: string,
  ) {}

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
    const missing = [...new Set(hashes)].filter((hash) => !this.objects.has(hash));
    if (missing.length > 0) {
      const rows = await this.tx.$queryRaw<{ hash: string; data: unknown }[]>`
        SELECT hash, data FROM content_objects WHERE space_id = ${this.spaceId} AND hash = ANY(${missing}::text[])`;
      for (const row of rows) this.objects.set(row.hash, row.data);
      const lost = missing.find((hash) => !this.objects.has(hash));
      if (lost) throw new Error(`Content object ${lost} is missing from space ${this.spaceId}`);
    }
    const result = new Map<string, T>();
    for (const hash of hashes) result.set(hash, this.objects.get(hash) as T);
    return result;
  }

  async getBodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    const missing = [...new Set(hashes)].filter((hash) => !this.bodies.has(hash));
    if (missing.length > 0) {
      const rows = await this.tx.$queryRaw<{ hash: string; body: string }[]>`
        SELECT hash, body FROM content_bodies WHERE space_id = ${this.spaceId} AND hash = ANY(${missing}::text[])`;
      for (const row of rows) this.bodies.set(row.hash, row.body);
    }
    const result = new Map<string, string>();
    for (const hash of hashes) {
      const body = this.bodies.get(hash);
      if (body === undefined) throw new Error(`Page body ${hash} is missing from space ${this.spaceId}`);
      result.set(hash, body);
    }
    return result;
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
