import nodemailer from "nodemailer";

/**
 * Outgoing mail, through the SMTP server of `QUIRE_SMTP_URL` (`smtp://user:pass@host:587`,
 * `smtps://…:465`; STARTTLS is used when the server offers it) from `QUIRE_SMTP_FROM`. Without it
 * Quire sends nothing and the people who would have mailed a link are shown it instead.
 */

/** `html`: an alternative to the plain text, for mail clients that show it. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Bounds on a conversation with the SMTP server, so a stalled one cannot hold a request for long. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

let cached: { url: string; transport: nodemailer.Transporter } | undefined;

export function mailConfigured(): boolean {
  return Boolean(process.env.QUIRE_SMTP_URL);
}

function transport(): nodemailer.Transporter {
  const url = process.env.QUIRE_SMTP_URL;
  if (!url) throw new Error("QUIRE_SMTP_URL is not set.");
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(url, TIMEOUTS) };
  return cached.transport;
}

export function mailSender(): string {
  return process.env.QUIRE_SMTP_FROM || "Quire <quire@localhost>";
}

/** Sends one message; throws when the SMTP server cannot be reached or refuses it. */
export async function sendMail(message: MailMessage): Promise<void> {
  await transport().sendMail({ from: mailSender(), to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
}
