import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import type { Role } from "../policies/roles";

export type JoinedVia = "email-invite" | "invite-link" | "email-domain";

/**
 * Makes a user a member of an organization (inside the caller's write) and records it; the one way
 * in, whether by an invite or by an email domain. Returns false, changing nothing, for a member.
 */
export async function admitMember(
  tx: Db,
  events: EventRecorder,
  join: { organizationId: string; user: { id: string; displayName: string }; role: Role | null; sso: boolean; via: JoinedVia; inviteId?: string },
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
    payload: { role: join.role, via: join.via, ...(join.inviteId ? { inviteId: join.inviteId } : {}) },
  });
  return true;
}
