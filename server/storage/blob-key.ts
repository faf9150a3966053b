import { createHash } from "node:crypto";

/** The key of file bytes in any file storage: their SHA-256, in hex. */
export const blobKey = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Keys are SHA-256 hex digests; anything else is refused before it reaches a store (or a path). */
export const isBlobKey = (key: string) => /^[0-9a-f]{64}$/.test(key);
