import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import type { Role } from "../policies/roles";

/** How someone came in: an emailed invite, an invite link, their verified email domain, or single sign-on. */
export type JoinedThrough = "email-invite" | "invite-link" | "email-domain" | "sso";

/**
 * Makes a user a member of an organization (inside the caller's write) and records `member.joined`;
 * the one way in, whether by an invite, an email domain or single sign-on (`details` adds to the
 * event's payload: the invite, the SAML provider). Returns false, changing nothing, for a member.
 */
export async function admitMember(
  tx: Db,
  events: EventRecorder,
  join: { organizationId: string; user: { id: string; displayName: string }; role: Role | null; sso: boolean; through: JoinedThrough; details?: Record<string, string | null> },
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO members (organization_id, user_id, role, sso_at)
    VALUES (${join.organizationId}, ${join.user.id}, ${join.role}, ${join.sso ? new Date() : null})
    ON CONFLICT DO NOTHING`;
  if (inserted === 0) return false;
  events.record({
    organizationId: join.organizationId,
    action: "member.joined",
    target: { type: "user", id: join.user.id, label: join.user.displayName },
    payload: { through: join.through, role: join.role, ...join.details },
  });
  return true;
}
