import { createHash } from "node:crypto";
import { db } from "../db/client";

/**
 * Throttling of password sign-ins, per account and per client address, counted in PostgreSQL so
 * that every app server sees the same attempts. An attempt is counted when it starts, before the
 * password is checked, so that many attempts at once cannot all slip under the limit; a success
 * gives its count back (and clears the account's). The failure that reaches a limit locks the
 * account or address: until the lock passes every attempt is refused, the right password too.
 */

const MINUTE = 60_000;

export type ThrottleRule = { limit: number; windowMs: number; lockMs: number };

/** Failures allowed within the window, and how long a lock lasts. */
export const SIGN_IN_RULES = {
  /** Per email address, whether or not an account has it, so that locks say nothing about which exist. */
  account: { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Per client address: guessing across many accounts, with room for an office behind one address. */
  address: { limit: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} satisfies Record<string, ThrottleRule>;

type Scope = keyof typeof SIGN_IN_RULES;

/** Rows of attempts that have expired, deleted by each attempt: bounded work, and the table stays small. */
const EXPIRED_ROWS_PER_ATTEMPT = 20;

/** Sign-in is refused until `retryAt`; the message says when to try again. */
export class SignInLockedError extends Error {
  override name = "SignInLockedError";
  constructor(
    readonly scope: Scope,
    readonly retryAt: Date,
    now: Date,
  ) {
    super(`Too many failed sign-ins ${scope === "account" ? "for this account" : "from your network"}. Try again in ${waitText(retryAt.getTime() - now.getTime())}.`);
  }
}

export type ThrottleKeys = Record<Scope, string>;

/** The rows an attempt counts against: the email is hashed, so addresses typed at random are not kept. */
export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  return { account: `account:${createHash("sha256").update(email).digest("hex")}`, address: `address:${clientAddress}` };
}

/** Counts an attempt before its password is checked; throws SignInLockedError while either key is locked. */
export async function beginAttempt(keys: ThrottleKeys, now: Date): Promise<void> {
  const [account, address] = await Promise.all([countAttempt(keys.account, SIGN_IN_RULES.account, now), countAttempt(keys.address, SIGN_IN_RULES.address, now)]);
  await db().$executeRaw`
    DELETE FROM sign_in_throttles WHERE key IN (
      SELECT key FROM sign_in_throttles WHERE reset_at < ${now}::timestamptz LIMIT ${EXPIRED_ROWS_PER_ATTEMPT})`;
  if (account) throw new SignInLockedError("account", account, now);
  if (address) throw new SignInLockedError("address", address, now);
}

/** Records how a counted attempt ended; throws SignInLockedError when this failure reached a limit. */
export async function endAttempt(keys: ThrottleKeys, succeeded: boolean, now: Date): Promise<void> {
  if (succeeded) {
    await Promise.all([
      db().$executeRaw`DELETE FROM sign_in_throttles WHERE key = ${keys.account}`,
      db().$executeRaw`UPDATE sign_in_throttles SET failures = greatest(failures - 1, 0) WHERE key = ${keys.address} AND reset_at > ${now}::timestamptz`,
    ]);
    return;
  }
  const [account, address] = await Promise.all([lockIfReached(keys.account, SIGN_IN_RULES.account, now), lockIfReached(keys.address, SIGN_IN_RULES.address, now)]);
  if (account) throw new SignInLockedError("account", account, now);
  if (address) throw new SignInLockedError("address", address, now);
}

/**
 * One atomic statement, so that app servers counting at once never lose a count: a new window
 * starts once the last one is over; attempts beyond the limit (many started at once) lock at once.
 * Returns the end of the lock in force, or null.
 */
async function countAttempt(key: string, rule: ThrottleRule, now: Date): Promise<Date | null> {
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const lockEnd = new Date(now.getTime() + rule.lockMs);
  const [row] = await db().$queryRaw<{ lockedUntil: Date | null }[]>`
    INSERT INTO sign_in_throttles AS t (key, failures, reset_at, locked_until)
    VALUES (${key}, 1, ${windowEnd}::timestamptz, NULL)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE
        WHEN t.locked_until > ${now}::timestamptz THEN t.failures
        WHEN t.reset_at <= ${now}::timestamptz THEN 1
        ELSE t.failures + 1 END,
      locked_until = CASE
        WHEN t.locked_until > ${now}::timestamptz THEN t.locked_until
        WHEN t.reset_at > ${now}::timestamptz AND t.failures >= ${rule.limit} THEN ${lockEnd}::timestamptz
        ELSE NULL END,
      reset_at = CASE
        WHEN t.locked_until > ${now}::timestamptz THEN t.reset_at
        WHEN t.reset_at <= ${now}::timestamptz THEN ${windowEnd}::timestamptz
        WHEN t.failures >= ${rule.limit} THEN greatest(t.reset_at, ${lockEnd}::timestamptz)
        ELSE t.reset_at END
    RETURNING locked_until AS "lockedUntil"`;
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/** After a failure: locks the key when its count has reached the limit; returns the new lock's end, or null. */
async function lockIfReached(key: string, rule: ThrottleRule, now: Date): Promise<Date | null> {
  const lockEnd = new Date(now.getTime() + rule.lockMs);
  const [row] = await db().$queryRaw<{ lockedUntil: Date }[]>`
    UPDATE sign_in_throttles SET locked_until = ${lockEnd}::timestamptz, reset_at = greatest(reset_at, ${lockEnd}::timestamptz)
    WHERE key = ${key} AND failures >= ${rule.limit} AND reset_at > ${now}::timestamptz
      AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
    RETURNING locked_until AS "lockedUntil"`;
  return row?.lockedUntil ?? null;
}

/** "40 seconds", "1 minute", "15 minutes": rounded up, so that trying again then works. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
