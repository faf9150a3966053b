import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A local event receiver for delivery tests: records what it is sent, answers as told (`mode`), can go down and come back on its port. */
export type Received = { headers: IncomingHttpHeaders; body: string; event: Record<string, unknown>; at: number };

export class Receiver {
  received: Received[] = [];
  mode: { status: number; delayMs?: number } = { status: 200 };
  port = 0;
  private server: Server | null = null;

  get url(): string {
    return `http://127.0.0.1:${this.port}/events`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const { status, delayMs } = this.mode;
        const answer = () => {
          if (response.destroyed) return;
          if (status >= 200 && status <= 299) this.received.push({ headers: request.headers, body, event: JSON.parse(body), at: Date.now() });
          response.writeHead(status, { "content-type": "text/plain" }).end(status >= 200 && status <= 299 ? "ok" : "nope");
        };
        if (delayMs) setTimeout(answer, delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The receiver's recipe of docs/events.md: recompute the HMAC of "<t>.<raw body>" and compare in constant time. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
