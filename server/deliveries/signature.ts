import { createHmac } from "node:crypto";

/**
 * The `x-quire-signature` header of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The timestamp is signed with the body so that a receiver can refuse replays of old requests
 * (docs/events.md gives the receiver's recipe).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
