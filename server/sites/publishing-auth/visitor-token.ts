import { createHmac, timingSafeEqual } from "node:crypto";
import type { Site } from "../../db/generated/client";
import { visitorAuthKeyOf } from "./publishing-auth-records";

/**
 * Checks a visitor's JWT for a site with visibility `visitor-auth` (the published renderer, issue 12,
 * takes it as GitBook's sites do: a `jwt_token` query parameter, then a cookie). Only HS256 signed
 * with the site's current key is accepted (`alg: none` and every other algorithm are refused, so a
 * token cannot pick how it is checked); `exp` is required and must be in the future, `nbf` if present
 * in the past; `aud`, if present, must name one of the audiences the caller expects (the site's id
 * unless told otherwise). Bounded input, linear checks, and a constant-time signature comparison.
 */

/** Longest token looked at: claims for adaptive content are small; anything larger is refused unread. */
export const MAX_VISITOR_TOKEN_LENGTH = 8192;
/** Clock difference tolerated between the site's backend and Quire. */
const CLOCK_SKEW_SECONDS = 30;

export type VisitorClaims = Record<string, unknown>;
export type VisitorTokenFailure = "oversized" | "malformed" | "algorithm" | "no-key" | "signature" | "expired" | "not-yet-valid" | "audience";
export type VisitorTokenResult = { ok: true; claims: VisitorClaims } | { ok: false; reason: VisitorTokenFailure };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJsonPart(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function verifyVisitorToken(
  site: Pick<Site, "id" | "visitorAuthKey">,
  token: string,
  options: { audience?: string[]; now?: Date } = {},
): Promise<VisitorTokenResult> {
  if (token.length > MAX_VISITOR_TOKEN_LENGTH) return { ok: false, reason: "oversized" };
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart);
  const claims = decodeJsonPart(payloadPart);
  if (!header || !claims || !BASE64URL.test(signaturePart)) return { ok: false, reason: "malformed" };
  if (header.alg !== "HS256" || (header.typ !== undefined && header.typ !== "JWT")) return { ok: false, reason: "algorithm" };

  // A key sealed under another instance key (QUIRE_SECRET_KEY changed) verifies nothing: as no key.
  const key = await visitorAuthKeyOf(site).catch(() => null);
  if (!key) return { ok: false, reason: "no-key" };
  const expected = createHmac("sha256", Buffer.from(key, "utf8")).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };

  const now = (options.now ?? new Date()).getTime() / 1000;
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_SECONDS <= now) return { ok: false, reason: "expired" };
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf - CLOCK_SKEW_SECONDS > now)) return { ok: false, reason: "not-yet-valid" };
  if (claims.aud !== undefined) {
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const accepted = options.audience ?? [site.id];
    if (!audiences.some((audience) => typeof audience === "string" && accepted.includes(audience))) return { ok: false, reason: "audience" };
  }
  return { ok: true, claims };
}
