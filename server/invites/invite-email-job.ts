import { z } from "zod";
import { backgroundPublicOrigin } from "../config";
import { jobContext } from "../context";
import type { Db } from "../db/client";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { writeChange } from "../events/write-change";
import { enqueue } from "../jobs/enqueue";
import { defineJob } from "../jobs/job-kind";
import { sendMail } from "../mail/mailer";
import { parseRole } from "../policies/roles";
import { inviteMessage } from "./invite-email";
import { urlsFor } from "../http/urls";
import { newInviteToken } from "./tokens";

/**
 * Mails an email invite, after the write that made (or renewed) it has committed: the job is sent in
 * that write's transaction (server/jobs/enqueue.ts), so a message goes out for every invite that
 * exists and for none that does not. The link's token is in no job payload and nowhere in the
 * database (only its SHA-256 is): the job gives the invite a new token, which only the message
 * carries, then mails it and marks the invite emailed (`emailedAt`: following that link proves the
 * address). An SMTP failure is retried with back-off; a retry mails a fresh link, the last one sent
 * being the one that works. The payload holds the invite's id only: the link is on the configured
 * public origin (`backgroundPublicOrigin`), as every mail a job sends.
 */
export const inviteEmailJob = defineJob({
  name: "invite-email",
  payload: z.object({ inviteId: z.string() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  work: { pollingIntervalSeconds: 1 },
  handle: ({ inviteId }) => mailInvite(inviteId),
});

/** Within the write that makes or renews an email invite: its message is sent once that write commits. */
export async function sendInviteEmail(tx: Db, inviteId: string): Promise<void> {
  await enqueue(tx, inviteEmailJob, { inviteId });
}

async function mailInvite(inviteId: string): Promise<{ mailed: boolean }> {
  const { token, tokenHash } = newInviteToken();
  // The new secret of the link; not a change anyone made (the invite was recorded as it was made).
  const invite = await inTransaction(
    async (tx) => {
      const current = await tx.organizationInvite.findFirst({
        where: { id: inviteId, kind: "email", emailedAt: null, expiresAt: { gt: new Date() } },
      });
      if (!current) return null;
      await tx.organizationInvite.update({ where: { id: inviteId }, data: { tokenHash } });
      return current;
    },
    "record",
  );
  // Revoked, used, expired or already mailed meanwhile: nothing to send.
  if (!invite) return { mailed: false };
  const organization = await db().organization.findUniqueOrThrow({ where: { id: invite.organizationId }, select: { title: true } });
  const inviter = invite.createdById ? await db().user.findUnique({ where: { id: invite.createdById }, select: { displayName: true, email: true } }) : null;
  await sendMail(
    inviteMessage({ email: invite.email!, url: urlsFor(backgroundPublicOrigin()).invite(token), expiresAt: invite.expiresAt, role: parseRole(invite.role) }, organization, inviter),
  );
  // Quire mailed it on behalf of the admin who invited; the audit log has no one to name once that account is gone.
  await writeChange(jobContext(invite.createdById ?? ""), async (tx, events) => {
    const { count } = await tx.organizationInvite.updateMany({ where: { id: inviteId, tokenHash }, data: { emailedAt: new Date() } });
    if (count === 0 || !invite.createdById) return events.nothingChanged();
    events.record({ organizationId: invite.organizationId, action: "member.invite_emailed", target: { type: "invite", id: inviteId, label: invite.email! } });
  });
  return { mailed: true };
}
