import { diskStorage } from "./disk-storage";
import { postgresStorage } from "./postgres-storage";

/**
 * Where file bytes live. Content-addressed: `put` answers the SHA-256 of the bytes, which is the
 * key `get` takes, so storing the same bytes twice stores them once. Implementations: PostgreSQL
 * (default) and local disk; an S3-compatible store would implement the same two methods for
 * deployments with several app servers and no shared disk.
 */
export type FileStorage = {
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
};

const STORAGES = { postgres: postgresStorage, disk: diskStorage } as const;

let chosen: FileStorage | undefined;

/** The store named by `QUIRE_STORAGE` (`postgres` by default, or `disk`), chosen once per process. */
export function fileStorage(): FileStorage {
  if (!chosen) {
    const name = process.env.QUIRE_STORAGE || "postgres";
    const create = STORAGES[name as keyof typeof STORAGES];
    if (!create) throw new Error(`QUIRE_STORAGE=${name} is not a file storage; use one of: ${Object.keys(STORAGES).join(", ")}.`);
    chosen = create();
  }
  return chosen;
}
