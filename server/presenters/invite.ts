import type { OrganizationInvite } from "../db/generated/client";
import { atLeast, parseRole, type Role } from "../policies/roles";
import { apiUrl } from "./urls";

/**
 * The reference's InviteLinkToOrganization, with when it expires and how many joined with it. The
 * link itself (`url`) is only known when the invite is made: only the token's hash is kept.
 */
export function presentLinkInvite(invite: OrganizationInvite, callerRole: Role | null, baseUrl: string, url?: string) {
  const role = parseRole(invite.role);
  return {
    object: "invite" as const,
    id: invite.id,
    role,
    // The caller already has what the invite gives: the role or a higher one (any membership, for a guest invite).
    redundant: role === null ? true : atLeast(callerRole, role),
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    uses: invite.uses,
    urls: { location: apiUrl(baseUrl, `/orgs/${invite.organizationId}/link-invites/${invite.id}`) },
    ...(url ? { url } : {}),
  };
}

/** A pending email invite, for the admin UI. */
export function presentEmailInvite(invite: OrganizationInvite) {
  return {
    id: invite.id,
    email: invite.email!,
    role: parseRole(invite.role),
    sso: invite.sso,
    createdAt: invite.createdAt,
    expiresAt: invite.expiresAt,
    emailedAt: invite.emailedAt,
  };
}
