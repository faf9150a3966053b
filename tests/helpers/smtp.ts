import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; headers: Record<string, string>; text: string };

/**
 * A real SMTP server on loopback (npm `smtp-server`) that keeps what it receives, for tests that
 * send mail through Quire's SMTP client. Plain SMTP without authentication, as a local relay.
 */
export async function startSmtpServer(): Promise<{ url: string; messages: ReceivedMail[]; waitForMessages: (count: number) => Promise<ReceivedMail[]>; close: () => Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...parseMessage(Buffer.concat(chunks).toString("utf8")),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessages(count) {
      const deadline = Date.now() + 10_000;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} messages, received ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return messages;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, lowercase names; encoded words decoded) and the decoded text body of a single-part message. */
function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? Buffer.from(body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { headers, text: text.replace(/\r\n/g, "\n") };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}
