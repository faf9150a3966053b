import { z } from "zod";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(value: bigint, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

/**
 * A 20-character id: 8 characters of millisecond time then 12 random ones, so ids sort by
 * creation time (keyset paging in creation order) and cannot be guessed.
 */
export function newId(): string {
  // Web Crypto, not node:crypto: the UI imports this module (for entityIdSchema), and a bundler would ship a Node crypto polyfill with it.
  const random = crypto.getRandomValues(new Uint8Array(9)).reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
  return base62(BigInt(Date.now()), 8) + base62(random, 12);
}

/**
 * Ids as the reference's EntityId: letters, digits, `_` and `-`. Every id taken from a caller
 * (path, body) goes through it, so that no NUL byte, path or unicode reaches a query.
 */
export const entityIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/, "must be an id (letters, digits, _ and -)");
