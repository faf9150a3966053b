import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * The client's address as the app server determined it (sign-in throttling keys on it). The app
 * server sets this header on every request, replacing whatever a client sent under that name.
 */
export const CLIENT_ADDRESS_HEADER = "x-quire-client-address";

/** The client's address of a request that came through the app server (the guard set it). */
export function requestClientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

/**
 * Who sent the request: the socket's peer, or behind `proxyHops` trusted proxies
 * (`QUIRE_PROXY_HOPS`, e.g. 1 behind one load balancer) the address the outermost of them received
 * from, read from the right of `X-Forwarded-For`. Entries further left were written by the client
 * and are not believed.
 */
export function clientAddressOf(req: IncomingMessage, proxyHops = proxyHopsSetting()): string {
  const peer = plainAddress(req.socket.remoteAddress ?? "") ?? "unknown";
  if (proxyHops === 0) return peer;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((entry) => entry.trim());
  // Fewer entries than proxies: the request did not come through them all, so the peer is the client.
  const entry = forwarded.length >= proxyHops ? forwarded[forwarded.length - proxyHops]! : "";
  return plainAddress(entry) ?? peer;
}

/** An IP address as one key whatever its spelling: IPv4 clients of a dual-stack socket arrive as `::ffff:a.b.c.d`. */
function plainAddress(address: string): string | null {
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return isIP(plain) ? plain : null;
}

function proxyHopsSetting(): number {
  const hops = Number(process.env.QUIRE_PROXY_HOPS || 0);
  return Number.isInteger(hops) && hops >= 0 ? hops : 0;
}
