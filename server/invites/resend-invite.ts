import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { parseRole } from "../policies/roles";
import { deliverInvites } from "./deliver-invites";
import { loadInvite } from "./queries";
import { inviteExpiry, newInviteToken } from "./tokens";

/**
 * Sends an email invite again: a new link (the old one stops working, since only a hash of it was
 * kept) valid for another week, mailed, or answered as `url` when it could not be.
 */
export async function resendEmailInvite(ctx: ServiceContext, organizationId: string, inviteId: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { token, tokenHash } = newInviteToken();
  const invite = await writeChange(ctx, async (tx, events) => {
    await loadInvite(tx, access, inviteId, "email");
    const renewed = await tx.organizationInvite.update({ where: { id: inviteId }, data: { tokenHash, expiresAt: inviteExpiry("email"), emailedAt: null, createdById: ctx.actor.userId } });
    events.record({ organizationId, action: "member.invited", target: { type: "invite", id: inviteId, label: renewed.email! }, payload: { email: renewed.email, role: renewed.role, resent: true } });
    return renewed;
  });
  const [undelivered] = await deliverInvites(ctx, access.organization, [{ id: invite.id, email: invite.email!, token, role: parseRole(invite.role), expiresAt: invite.expiresAt }]);
  return { email: invite.email!, emailed: !undelivered, ...(undelivered ? { url: undelivered.url } : {}) };
}
