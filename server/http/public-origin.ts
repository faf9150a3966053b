import { configuredPublicUrl } from "../config";

/** A Host header as browsers send it: a name or an IP (v6 in brackets), an optional port. */
const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,20}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The origin an answer's URLs are built on: `QUIRE_PUBLIC_URL` when set, else the host the browser
 * asked for. Next's `request.url` names the host the server listens on (localhost), which breaks
 * every URL opened as 127.0.0.1 or through a proxy; the Host header is what the browser used.
 * `X-Forwarded-Proto: https` keeps a TLS-terminating proxy's pages free of mixed content.
 */
export function requestPublicOrigin(request: Request): string {
  return publicOriginOf(request.headers, new URL(request.url));
}

/** The same origin from a request's headers alone (a server-rendered page has no request object); `listening` when the Host header is unusable. */
export function publicOriginOf(headers: Headers, listening: URL): string {
  const configured = configuredPublicUrl();
  if (configured) return configured;
  const host = headers.get("host");
  if (!host || !HOST.test(host)) return listening.origin;
  const forwardedProto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : listening.protocol;
  return `${protocol}//${host}`;
}
