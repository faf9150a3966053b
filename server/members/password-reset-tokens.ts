import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * A mailed password reset's link carries a secret token (`qp_` and 32 random bytes): only its
 * SHA-256 is stored, and only the message carries the token, so a copy of the database resets no one.
 */
const PREFIX = "qp_";

/** How long a mailed reset link works. */
export const PASSWORD_RESET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const passwordResetTokenSchema = z.string().regex(/^qp_[A-Za-z0-9_-]{43}$/, "must be a password reset token");

export function newPasswordResetToken(): { token: string; tokenHash: string } {
  const token = PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashPasswordResetToken(token) };
}

export function hashPasswordResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A password an admin's reset sets when Quire sends no mail, shown to the admin once: 96 random bits. */
export function newRandomPassword(): string {
  return randomBytes(12).toString("base64url");
}
