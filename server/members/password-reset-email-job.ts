import { z } from "zod";
import { backgroundPublicOrigin } from "../config";
import type { Db } from "../db/client";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { urlsFor } from "../http/urls";
import { enqueue } from "../jobs/enqueue";
import { defineJob } from "../jobs/job-kind";
import { sendMail, type MailMessage } from "../mail/mailer";
import { newPasswordResetToken } from "./password-reset-tokens";

/**
 * Mails a password reset an admin made, after the write that made it has committed (the job is
 * sent in that write's transaction). As with invites (server/invites/invite-email-job.ts), the
 * link's token is in no payload and nowhere in the database: the job gives the reset a token, which
 * only the message carries, then mails it and marks the reset emailed. A retry mails a fresh link,
 * the last one sent being the one that works. The payload holds the reset's id only: the link is on
 * the configured public origin (`backgroundPublicOrigin`), as every mail a job sends.
 */
export const passwordResetEmailJob = defineJob({
  name: "password-reset-email",
  payload: z.object({ resetId: z.string() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  work: { pollingIntervalSeconds: 1 },
  handle: ({ resetId }) => mailPasswordReset(resetId),
});

/** Within the write that makes a reset: its message is sent once that write commits. */
export async function sendPasswordResetEmail(tx: Db, resetId: string): Promise<void> {
  await enqueue(tx, passwordResetEmailJob, { resetId });
}

async function mailPasswordReset(resetId: string): Promise<{ mailed: boolean }> {
  const { token, tokenHash } = newPasswordResetToken();
  const reset = await inTransaction(
    async (tx) => {
      const current = await tx.passwordReset.findFirst({ where: { id: resetId, usedAt: null, expiresAt: { gt: new Date() } } });
      if (!current) return null;
      await tx.passwordReset.update({ where: { id: resetId }, data: { tokenHash } });
      return current;
    },
    "record",
  );
  // Used, voided by a newer reset, or expired meanwhile: nothing to send.
  if (!reset) return { mailed: false };
  const [user, organization, admin] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: reset.userId }, select: { email: true } }),
    db().organization.findUniqueOrThrow({ where: { id: reset.organizationId }, select: { title: true } }),
    reset.createdById ? db().user.findUnique({ where: { id: reset.createdById }, select: { displayName: true } }) : null,
  ]);
  await sendMail(passwordResetMessage({ email: user.email, url: urlsFor(backgroundPublicOrigin()).passwordReset(token), expiresAt: reset.expiresAt }, organization, admin));
  await db().passwordReset.updateMany({ where: { id: resetId, tokenHash }, data: { emailedAt: new Date() } });
  return { mailed: true };
}

/** One line of text from a name people chose: no line breaks reach a subject or a sentence. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The message: who reset the password, what that ended, the link, and until when it works. */
export function passwordResetMessage(reset: { email: string; url: string; expiresAt: Date }, organization: { title: string }, admin: { displayName: string } | null): MailMessage {
  const title = oneLine(organization.title);
  const name = admin ? oneLine(admin.displayName) : "An admin";
  return {
    to: reset.email,
    subject: `Set a new password for Quire (${title})`,
    text: [
      "Hello,",
      "",
      `${name}, an admin of ${title} on Quire, reset your password. Your old password no longer works, and you were signed out everywhere.`,
      "",
      "Set a new password:",
      reset.url,
      "",
      `The link works once, until ${reset.expiresAt.toUTCString()}. If you did not expect this, tell an admin of ${title}.`,
      "",
    ].join("\n"),
  };
}
