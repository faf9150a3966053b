import { createHash, randomBytes } from "node:crypto";
import { db } from "../db/client";

/**
 * One-time sign-in tickets: the ACS, having verified an identity provider's answer, gives the
 * browser one (in an HttpOnly cookie) and next-auth's `saml` sign-in redeems it for a session
 * (server/auth/next-auth.ts). Stored as their SHA-256, for two minutes, redeemed at most once:
 * whichever app server redeems it, the others see it gone.
 */

export const SSO_TICKET_COOKIE = "quire-sso-ticket";
export const SSO_TICKET_LIFETIME_MS = 2 * 60_000;

const hashOf = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export async function createSsoTicket(userId: string, organizationId: string): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  await db().$executeRaw`DELETE FROM sso_tickets WHERE expires_at < now()`;
  await db().$executeRaw`
    INSERT INTO sso_tickets (token_hash, user_id, organization_id, expires_at)
    VALUES (${hashOf(ticket)}, ${userId}, ${organizationId}, now() + ${SSO_TICKET_LIFETIME_MS}::int * interval '1 millisecond')`;
  return ticket;
}

/** The user and organization of a ticket, which is used up; null when unknown, used or expired. */
export async function redeemSsoTicket(ticket: string): Promise<{ userId: string; organizationId: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return null;
  const [row] = await db().$queryRaw<{ user_id: string; organization_id: string; fresh: boolean }[]>`
    DELETE FROM sso_tickets WHERE token_hash = ${hashOf(ticket)} RETURNING user_id, organization_id, expires_at > now() AS fresh`;
  return row?.fresh ? { userId: row.user_id, organizationId: row.organization_id } : null;
}
