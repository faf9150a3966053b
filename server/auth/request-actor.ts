import { actorForIntegrationToken } from "../integrations/tokens/resolve";
import { actorForToken } from "../tokens/actor-for-token";
import type { Actor } from "./actor";

/** How a kind of route lets callers prove who they are. */
export type Credentials = "token" | "session" | "token-or-session";

/**
 * Who is calling, decided in one place for every kind of request: `/v1` takes API tokens, tRPC and
 * pages take the browser session, downloads either. A request that names a token is judged by it
 * alone; a session is looked up only when a cookie came with the request. (next-auth is loaded only
 * then, so that token-only callers — the /v1 router in scripts and tests — do without it.)
 */
export async function requestActor(headers: Headers, accepts: Credentials): Promise<Actor | null> {
  if (accepts !== "session") {
    const bearer = bearerToken(headers);
    if (bearer !== undefined || accepts === "token") return bearer ? actorForBearer(bearer) : null;
  }
  if (!headers.has("cookie")) return null;
  const { getSessionActor } = await import("./next-auth");
  return getSessionActor();
}

/**
 * The actor of a bearer token: a user's API token (`qr_`), an integration's own token (`qi_`) or an
 * installation's (`qt_`). Integrations call /v1 only: tRPC and pages take sessions.
 */
function actorForBearer(token: string): Promise<Actor | null> {
  return token.startsWith("qr_") ? actorForToken(token) : actorForIntegrationToken(token);
}

/** The caller of a server-rendered page: its browser session. */
export async function pageActor(): Promise<Actor | null> {
  const { headers } = await import("next/headers");
  return requestActor(await headers(), "session");
}

/** The token of `Authorization: Bearer <token>`, "" for a malformed header, undefined without one. */
function bearerToken(headers: Headers): string | undefined {
  const header = headers.get("authorization");
  if (header === null) return undefined;
  return header.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? "";
}
