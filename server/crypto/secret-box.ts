import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { db } from "../db/client";

/**
 * Secrets Quire must show again or use later (share-link keys, the keys signing visitor JWTs,
 * integration secrets) are stored sealed: AES-256-GCM under the instance's key, so that a copy of
 * the database alone does not give them away and a changed ciphertext does not open.
 *
 * The key is `QUIRE_SECRET_KEY` (32 bytes, as 64 hex digits or base64) when set; otherwise a random
 * key made once and kept in `instance_secrets`, shared by every app server of the instance.
 *
 * Sealed form: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url), the key id being the start of the
 * key's SHA-256, so that a secret sealed under another key is told apart from a damaged one.
 */

const INSTANCE_KEY_NAME = "secret-box-key";
const VERSION = "v1";

type Key = { bytes: Buffer; id: string };

let cachedKey: Promise<Key> | null = null;

function keyFrom(bytes: Buffer): Key {
  return { bytes, id: createHash("sha256").update(bytes).digest("base64url").slice(0, 8) };
}

/** Reads `QUIRE_SECRET_KEY`; throws, naming the variable, when it is set but not a 32-byte key. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, "base64") : null;
  if (!bytes || bytes.length !== 32) {
    throw new Error("QUIRE_SECRET_KEY must be 32 random bytes written as 64 hex digits or in base64 (for example the output of `openssl rand -base64 32`).");
  }
  return bytes;
}

async function loadKey(): Promise<Key> {
  const configured = process.env.QUIRE_SECRET_KEY;
  if (configured) return keyFrom(parseSecretKey(configured));
  // Every app server may start at once: the first insert wins and all of them read the winner.
  const candidate = randomBytes(32).toString("base64");
  await db().$executeRaw`INSERT INTO instance_secrets (name, value) VALUES (${INSTANCE_KEY_NAME}, ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const row = await db().instanceSecret.findUnique({ where: { name: INSTANCE_KEY_NAME } });
  if (!row) throw new Error("The instance's secret key could not be read back from instance_secrets.");
  return keyFrom(parseSecretKey(row.value));
}

/** The key, loaded once per process (it never changes while the instance runs); a failed load is tried again. */
function instanceKey(): Promise<Key> {
  cachedKey ??= loadKey().catch((error: unknown) => {
    cachedKey = null;
    throw error;
  });
  return cachedKey;
}

/**
 * Encrypts `plain`. `context` (for example `site-visitor-auth:<siteId>`) is bound to the ciphertext
 * as associated data: a sealed value copied to another row or purpose does not open there.
 */
export async function sealSecret(plain: string, context = ""): Promise<string> {
  const key = await instanceKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, key.id, iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** Decrypts what `sealSecret` made with the same `context`; throws when it was sealed under another key or altered. */
export async function openSecret(sealed: string, context = ""): Promise<string> {
  const key = await instanceKey();
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new Error("Not a sealed secret.");
  const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
  if (keyId !== key.id) {
    throw new Error("This secret was sealed under another instance key (was QUIRE_SECRET_KEY changed?).");
  }
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** Forgets the cached key, for tests that change `QUIRE_SECRET_KEY`. */
export function resetSecretKeyCache(): void {
  cachedKey = null;
}
