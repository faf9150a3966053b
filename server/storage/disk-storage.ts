import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./file-storage";
import { blobKey, isBlobKey } from "./blob-key";

/** File bytes under `$QUIRE_DATA_DIR/files/ab/<sha256>`, two hex digits of fan-out per folder. */
export function diskStorage(root = defaultRoot()): FileStorage {
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async put(bytes) {
      const key = blobKey(bytes);
      const target = pathOf(key);
      if (await exists(target)) return key;
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside then renamed: a reader never sees half a file, and equal bytes may race harmlessly.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

/**
 * The data folder as server/db/runtime.ts `dataDir()` reads it, not imported from there: that
 * module brings the embedded PostgreSQL with it, which app servers do not need.
 */
function defaultRoot(): string {
  return path.resolve(process.env.QUIRE_DATA_DIR || ".data", "files");
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
