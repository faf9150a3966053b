import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization } from "../policies/access";
import { authorizePeople } from "../policies/organization";
import { parseRole, type Role } from "../policies/roles";
import { deliverInvites, type NewEmailInvite } from "./deliver-invites";
import type { InviteUsersInput } from "./schemas";
import { inviteExpiry, newInviteToken } from "./tokens";

/**
 * `inviteUsersToOrganization`: an invite per address that is not a member yet (inviting an address
 * again renews its invite: new link, role and expiry), mailed when mail is configured. Answers the
 * addresses invited (`users`), their number, and the links that were not mailed (`links`), which the
 * inviter passes on.
 */
export async function inviteUsers(ctx: ServiceContext, organizationId: string, input: InviteUsersInput) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorizePeople("invite", access);
  const defaultRole = input.role !== undefined ? input.role : parseRole(access.organization.defaultRole);
  const wanted = new Map<string, Role | null>();
  for (const entry of input.emails) {
    if (typeof entry === "string") wanted.set(entry, defaultRole);
    else wanted.set(entry.email, entry.role);
  }
  const invites = await writeChange(ctx, async (tx, events) => {
    const members = await tx.user.findMany({ where: { email: { in: [...wanted.keys()] }, memberships: { some: { organizationId } } }, select: { email: true } });
    const made: NewEmailInvite[] = [];
    for (const [email, role] of wanted) {
      if (members.some((member) => member.email === email)) continue;
      const { token, tokenHash } = newInviteToken();
      const expiresAt = inviteExpiry("email");
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO organization_invites (id, organization_id, kind, email, role, sso, token_hash, created_by_id, expires_at)
        VALUES (${newId()}, ${organizationId}, 'email', ${email}, ${role}, ${input.sso ?? false}, ${tokenHash}, ${ctx.actor.userId}, ${expiresAt})
        ON CONFLICT (organization_id, email) WHERE kind = 'email' DO UPDATE SET
          role = EXCLUDED.role, sso = EXCLUDED.sso, token_hash = EXCLUDED.token_hash, created_by_id = EXCLUDED.created_by_id,
          created_at = now(), expires_at = EXCLUDED.expires_at, emailed_at = NULL
        RETURNING id`;
      made.push({ id: row!.id, email, token, role, expiresAt });
      events.record({ organizationId, action: "member.invited", target: { type: "invite", id: row!.id, label: email }, payload: { email, role, sso: input.sso ?? false } });
    }
    if (made.length === 0) events.nothingChanged();
    return made;
  });
  const links = await deliverInvites(ctx, access.organization, invites);
  return { users: invites.map((invite) => invite.email), invited: invites.length, links: links.map(({ email, url }) => ({ email, url })) };
}
