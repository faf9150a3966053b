import type { Actor } from "../auth/actor";
import type { Organization } from "../db/generated/client";
import { AppError } from "../errors";
import type { Role } from "./roles";

/**
 * Single sign-on rules. With an organization's `sso` switch on, its members other than admins
 * reach it only through a browser session that its own identity provider began: a password
 * session does not, an SSO session of another organization does not, and neither does an API token
 * (a token records no sign-in, and any session can mint one: letting tokens through would let a
 * password sign-in around the rule). Admins keep every way in, so that a broken identity provider
 * cannot lock an organization out of its own settings. Applied by the scoped loaders
 * (server/policies/access.ts) to every record of the organization, on /v1, tRPC and pages alike.
 */

/** Why the rule refused: pages tell the user to sign in through the organization's SSO. */
export const SSO_REQUIRED = "sso_required";

export function ssoAllows(actor: Actor, organization: Pick<Organization, "id" | "sso">, memberRole: Role | null): boolean {
  // An installation is no member signing in: an admin installed it, and its scopes and reach bound it.
  if (!organization.sso || memberRole === "admin" || actor.via === "system" || actor.via === "installation") return true;
  return actor.via === "sso" && actor.ssoOrganizationId === organization.id;
}

/** Throws the 403 of the rule, unless the actor may reach the organization. */
export function assertSsoSatisfied(actor: Actor, organization: Pick<Organization, "id" | "sso" | "title">, memberRole: Role | null): void {
  if (ssoAllows(actor, organization, memberRole)) return;
  const how = actor.via === "token" ? "API tokens of members other than admins do not reach it" : "sign in through its single sign-on to reach it";
  throw new AppError("forbidden", `${organization.title} requires single sign-on: ${how}.`, { reason: SSO_REQUIRED, organizationId: organization.id });
}

export function isSsoRefusal(error: unknown): boolean {
  return error instanceof AppError && error.code === "forbidden" && error.details?.reason === SSO_REQUIRED;
}
