import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Organization } from "../db/generated/client";
import { writeChange } from "../events/write-change";
import { mailConfigured, sendMail } from "../mail/mailer";
import type { Role } from "../policies/roles";
import { inviteMessage } from "./invite-email";
import { hashInviteToken, inviteUrl } from "./tokens";

export type NewEmailInvite = { id: string; email: string; token: string; role: Role | null; expiresAt: Date };
/** A link the inviter must pass on: mail is not configured, or sending it failed. */
export type UndeliveredInvite = { id: string; email: string; url: string };

/**
 * Mails each new invite's link, after the invites are committed (a message is never sent for an
 * invite that does not exist; the token is in no job payload, since it is stored nowhere). Those
 * mailed are marked so (`emailedAt`): following such a link proves the address. The others' links
 * are returned for the inviter to pass on.
 */
export async function deliverInvites(ctx: ServiceContext, organization: Organization, invites: NewEmailInvite[]): Promise<UndeliveredInvite[]> {
  const links = invites.map((invite) => ({ ...invite, url: inviteUrl(ctx.baseUrl, invite.token) }));
  if (!mailConfigured() || links.length === 0) return links.map(({ id, email, url }) => ({ id, email, url }));
  const inviter = await db().user.findUniqueOrThrow({ where: { id: ctx.actor.userId }, select: { displayName: true, email: true } });
  const outcomes = await Promise.allSettled(links.map((invite) => sendMail(inviteMessage(invite, organization, inviter))));
  const sent = links.filter((_, index) => outcomes[index]!.status === "fulfilled");
  outcomes.forEach((outcome, index) => {
    // The reason only: the message holds the link, which is never logged.
    if (outcome.status === "rejected") console.error(`Mailing invite ${links[index]!.id} failed:`, (outcome.reason as Error)?.message ?? outcome.reason);
  });
  if (sent.length > 0) {
    await writeChange(ctx, async (tx, events) => {
      let marked = 0;
      for (const invite of sent) {
        // Only while the invite still holds this token (not renewed meanwhile).
        const { count } = await tx.organizationInvite.updateMany({ where: { id: invite.id, tokenHash: hashInviteToken(invite.token) }, data: { emailedAt: new Date() } });
        if (count === 0) continue;
        marked++;
        events.record({ organizationId: organization.id, action: "member.invite_emailed", target: { type: "invite", id: invite.id, label: invite.email } });
      }
      if (marked === 0) events.nothingChanged();
    });
  }
  return links.filter((invite) => !sent.includes(invite)).map(({ id, email, url }) => ({ id, email, url }));
}
