/**
 * Who is calling, and how they proved it: a browser session (`session`, or `sso` when it began
 * with single sign-on), an API token (`token`, with its id, so that what it mints can end with it),
 * the holder of a link whose token is the credential (`link`: a password reset, an invite that
 * creates their account), or Quire itself acting for a user (`system`: background jobs). Requests
 * get theirs from `requestActor` (server/auth/request-actor.ts) or `linkHolder`, never by hand. A
 * session that began with single sign-on names the organization whose identity provider signed
 * the user in (`ssoOrganizationId`): that organization's SSO rule is satisfied by it, and no
 * other's (server/policies/sso.ts).
 */
export type Actor = {
  userId: string;
  via: "session" | "sso" | "token" | "link" | "system" | "integration" | "installation";
  tokenId?: string;
  ssoOrganizationId?: string;
  /**
   * Set when an integration calls (`via` `integration`, with its own token) or one of its
   * installations does (`installation`, with a token minted for it): `userId` is then the
   * integration's bot user. What an installation reaches is decided in server/policies/installation.ts.
   */
  integration?: { id: string; name: string; installationId?: string };
};

/** The person a link names, acting through it (its token is their credential): as in the browser, not through a session. */
export function linkHolder(userId: string): Actor {
  return { userId, via: "link" };
}

/** The entry point an actor's changes are recorded with (audit events): the browser, the API, or neither. */
export function sourceOf(actor: Actor): "ui" | "api" | "system" {
  if (actor.via === "token" || actor.via === "integration" || actor.via === "installation") return "api";
  return actor.via === "system" ? "system" : "ui";
}

/** Who an actor's changes are recorded as (domain_events.actor_type / actor_id): an installation, an integration, or the user (null: `userId`). */
export function eventActorOf(actor: Actor): { actorType: "user" | "integration" | "installation"; actorId: string | null } {
  if (actor.via === "installation" && actor.integration?.installationId) return { actorType: "installation", actorId: actor.integration.installationId };
  if (actor.via === "integration" && actor.integration) return { actorType: "integration", actorId: actor.integration.id };
  return { actorType: "user", actorId: null };
}
