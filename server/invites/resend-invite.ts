import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { mailConfigured } from "../mail/mailer";
import { loadOrganization } from "../policies/access";
import { sendInviteEmail } from "./invite-email-job";
import { loadInvite } from "./queries";
import type { ResentInviteRecord } from "./records";
import { inviteExpiry, newInviteToken } from "./tokens";

/**
 * Sends an email invite again, valid for another week, with a new link (the old one stops working):
 * mailed by a job when mail is configured, otherwise its `token` is returned, which the edge answers as the link (`url`) the inviter passes on.
 */
export async function resendEmailInvite(ctx: ServiceContext, organizationId: string, inviteId: string): Promise<ResentInviteRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { token, tokenHash } = newInviteToken();
  const mail = mailConfigured();
  return writeChange(ctx, async (tx, events) => {
    await loadInvite(tx, access, inviteId, "email");
    const renewed = await tx.organizationInvite.update({ where: { id: inviteId }, data: { tokenHash, expiresAt: inviteExpiry("email"), emailedAt: null, createdById: ctx.actor.userId } });
    if (mail) await sendInviteEmail(tx, inviteId);
    events.record({ organizationId, action: "member.invited", target: { type: "invite", id: inviteId, label: renewed.email! }, payload: { email: renewed.email, role: renewed.role, resent: true, emailed: mail } });
    return { email: renewed.email!, emailed: mail, ...(mail ? {} : { token }) };
  });
}
