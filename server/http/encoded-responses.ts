import type { ServerResponse } from "node:http";

/**
 * Lets a route handler send a body it compressed itself. Next.js drops `Content-Encoding` from
 * route handlers' responses (it may have decoded a fetched body) and then compresses the bytes
 * again, so a precompressed published page (server/sites/serve/cache.ts) names its coding in
 * `x-quire-content-encoding` too; the app server (scripts/serve.ts) turns that header back into
 * `Content-Encoding` before Next's compression looks, which then leaves the body alone.
 */
export const ENCODING_HEADER = "x-quire-content-encoding";

/** Set by the app server once its responses carry ENCODING_HEADER through (read by sendCached). */
export const KEEPS_ENCODING_ENV = "QUIRE_KEEPS_CONTENT_ENCODING";

export function keepEncodedBodies(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase() === ENCODING_HEADER ? setHeader("Content-Encoding", value) : setHeader(name, value));
}

/** Whether a response's own Content-Encoding reaches the client: outside Next.js, or behind the app server. */
export function encodingReachesClient(): boolean {
  return !process.env.NEXT_RUNTIME || process.env[KEEPS_ENCODING_ENV] === "1";
}
