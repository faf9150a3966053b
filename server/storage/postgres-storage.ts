import { db } from "../db/client";
import type { FileStorage } from "./file-storage";
import { blobKey, isBlobKey } from "./blob-key";

/** File bytes in the `file_blobs` table: nothing else to run or back up. */
export function postgresStorage(): FileStorage {
  return {
    async put(bytes) {
      const key = blobKey(bytes);
      await db().$executeRaw`
        INSERT INTO file_blobs (key, bytes, size) VALUES (${key}, ${bytes}, ${bytes.length})
        ON CONFLICT (key) DO NOTHING`;
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      const [row] = await db().$queryRaw<{ bytes: Uint8Array }[]>`SELECT bytes FROM file_blobs WHERE key = ${key}`;
      return row ? Buffer.from(row.bytes) : null;
    },
  };
}
