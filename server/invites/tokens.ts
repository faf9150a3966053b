import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Invite links carry a secret token (`qi_` and 32 random bytes): only its SHA-256 is stored, so the
 * link is shown (or mailed) once, when it is made, and a copy of the database lets no one join.
 */
const PREFIX = "qi_";

export const inviteTokenSchema = z.string().regex(/^qi_[A-Za-z0-9_-]{43}$/, "must be an invite token");

export function newInviteToken(): { token: string; tokenHash: string } {
  const token = PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a link works: an emailed one for a week, a link invite for a month. */
export const INVITE_LIFETIME_MS = { email: 7 * DAY_MS, link: 30 * DAY_MS } as const;

export const inviteExpiry = (kind: keyof typeof INVITE_LIFETIME_MS, now = new Date()) => new Date(now.getTime() + INVITE_LIFETIME_MS[kind]);
