import type { MailMessage } from "../mail/mailer";
import type { NotificationKind, NotificationSummary } from "./build";
import { describeNotification } from "./describe";

/** One line of text from a name people chose: no line breaks reach a subject or a sentence. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A notification's email: who did what where, the excerpt, and the link to it. Plain text, and simple escaped HTML. */
export function notificationMessage(to: string, kind: NotificationKind, summary: NotificationSummary, baseUrl: string): MailMessage {
  const sentence = oneLine(describeNotification(kind, summary));
  const url = new URL(summary.path, baseUrl).toString();
  const excerpt = summary.excerpt ? oneLine(summary.excerpt) : null;
  return {
    to,
    subject: sentence,
    text: [sentence, "", ...(excerpt ? [`> ${excerpt}`, ""] : []), `Open it in Quire: ${url}`, "", "You get these emails because email notifications are on in your Quire profile.", ""].join("\n"),
    html: [
      `<p>${escapeHtml(sentence)}</p>`,
      excerpt ? `<blockquote>${escapeHtml(excerpt)}</blockquote>` : "",
      `<p><a href="${escapeHtml(url)}">Open it in Quire</a></p>`,
      `<p style="color:#64748b">You get these emails because email notifications are on in your Quire profile.</p>`,
    ].join("\n"),
  };
}
