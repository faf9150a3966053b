import { diskStorage } from "./disk-storage";
import { postgresStorage } from "./postgres-storage";
import { s3Storage } from "./s3-storage";

/**
 * Where file bytes live. Content-addressed: `put` answers the SHA-256 of the bytes, which is the
 * key `get` takes, so storing the same bytes twice stores them once. Implementations: PostgreSQL
 * (default), local disk, and an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2) for deployments
 * with several app servers and no shared disk that would rather not keep files in the database.
 */
export type FileStorage = {
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
};

const STORAGES = { postgres: postgresStorage, disk: diskStorage, s3: s3Storage } as const;

let chosen: FileStorage | undefined;

/**
 * The store named by `QUIRE_STORAGE` (`postgres` by default, `disk` or `s3`), chosen once per process;
 * a store's settings are read and checked then (`s3` names its missing `QUIRE_S3_*` variables).
 */
export function fileStorage(): FileStorage {
  if (!chosen) {
    const name = process.env.QUIRE_STORAGE || "postgres";
    const create = STORAGES[name as keyof typeof STORAGES];
    if (!create) throw new Error(`QUIRE_STORAGE=${name} is not a file storage; use one of: ${Object.keys(STORAGES).join(", ")}.`);
    chosen = create();
  }
  return chosen;
}
