/**
 * Who is calling, and how they proved it: a browser session (`session`, or `sso` when it began
 * with single sign-on), an API token (`token`, with its id, so that what it mints can end with it),
 * or Quire itself acting for a user (`system`: background jobs). Requests get theirs from
 * `requestActor` (server/auth/request-actor.ts), never by hand. A session that began with single
 * sign-on names the organization whose identity provider signed the user in (`ssoOrganizationId`):
 * that organization's SSO rule is satisfied by it, and no other's (server/policies/sso.ts).
 */
export type Actor = { userId: string; via: "session" | "sso" | "token" | "system"; tokenId?: string; ssoOrganizationId?: string };

/** The entry point an actor's changes are recorded with (audit events): the browser, the API, or neither. */
export function sourceOf(actor: Actor): "ui" | "api" | "system" {
  if (actor.via === "token") return "api";
  return actor.via === "system" ? "system" : "ui";
}
