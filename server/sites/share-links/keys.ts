import { createHash, randomBytes } from "node:crypto";

/**
 * A share link's key: 32 random bytes (256 bits) in base64url. The database keeps its SHA-256 (to
 * find the link from a key in one indexed lookup, comparing digests rather than secrets) and the
 * key itself sealed (server/crypto/secret-box.ts), to show it again in the link's URL.
 */
export function newShareKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Longest key looked up: real keys are 43 characters; anything much longer is not one. */
export const MAX_SHARE_KEY_LENGTH = 128;

export function shareKeyHash(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The associated data a key is sealed with: its ciphertext opens only as this link's. */
export const shareKeyContext = (shareLinkId: string) => `site-share-link:${shareLinkId}`;
