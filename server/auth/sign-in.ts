import { db } from "../db/client";
import { hashPassword, verifyPassword } from "./passwords";
import { beginAttempt, endAttempt, throttleKeys } from "./sign-in-throttle";

/** Longer than any email address (RFC 5321 allows 254): looked up by nobody. */
const MAX_EMAIL_LENGTH = 320;

// Checked against when no account has the email, so that an unknown email costs the same argon2
// time; made when the module loads (with the current hashing options), not on the first unknown email.
const standInHash = hashPassword(crypto.randomUUID());

/**
 * The user for an email and password, or null: the same answer, in about the same time, whether
 * the email or the password is wrong. Attempts are throttled per email and per client address
 * (sign-in-throttle.ts): while either is locked this throws SignInLockedError, the right
 * password included.
 */
export async function verifyCredentials(email: string, password: string, options: { clientAddress: string; now?: Date }) {
  const now = options.now ?? new Date();
  const normalized = email.trim().toLowerCase();
  const keys = throttleKeys(normalized, options.clientAddress);
  await beginAttempt(keys, now);
  // Control characters (NUL among them) are in no stored email, and PostgreSQL refuses NUL in a query.
  const lookedUp = normalized.length <= MAX_EMAIL_LENGTH && !/[\u0000-\u001f\u007f]/.test(normalized);
  const user = lookedUp ? await db().user.findUnique({ where: { email: normalized } }) : null;
  const valid = await verifyPassword(user?.passwordHash ?? (await standInHash), password);
  const signedIn = valid && !!user?.passwordHash;
  await endAttempt(keys, signedIn, now);
  return signedIn ? user : null;
}
