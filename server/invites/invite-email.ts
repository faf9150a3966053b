import type { MailMessage } from "../mail/mailer";
import type { Role } from "../policies/roles";

/** One line of text from a name people chose: no line breaks reach a subject or a sentence. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The invitation email: who invites, to what, the link, and until when it works. */
export function inviteMessage(invite: { email: string; url: string; expiresAt: Date; role: Role | null }, organization: { title: string }, inviter: { displayName: string; email: string } | null): MailMessage {
  const title = oneLine(organization.title);
  const name = inviter ? oneLine(inviter.displayName) : "An admin";
  const role = invite.role === null ? "a guest" : `a member with the ${invite.role} role`;
  return {
    to: invite.email,
    subject: `${name} invited you to ${title} on Quire`,
    text: [
      "Hello,",
      "",
      `${inviter ? `${name} (${inviter.email})` : name} invited you to join ${title} on Quire as ${role}.`,
      "",
      "Accept the invitation:",
      invite.url,
      "",
      `The link works once, until ${invite.expiresAt.toUTCString()}. If you did not expect this invitation, you can ignore this email.`,
      "",
    ].join("\n"),
  };
}
