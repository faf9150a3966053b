import type { OrganizationInvite } from "../db/generated/client";
import type { Urls } from "../http/urls";
import type { InviteUsersRecord, LinkInviteRecord, ResentInviteRecord } from "../invites/records";
import { atLeast, parseRole } from "../policies/roles";

/**
 * The reference's InviteLinkToOrganization, with when it expires and how many joined with it. The
 * link itself (`url`) is only known when the invite is made: only the token's hash is kept.
 */
export function presentLinkInvite(invite: LinkInviteRecord, urls: Urls) {
  const role = parseRole(invite.role);
  return {
    object: "invite" as const,
    id: invite.id,
    role,
    // The caller already has what the invite gives: the role or a higher one (any membership, for a guest invite).
    redundant: role === null ? true : atLeast(invite.callerRole, role),
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    uses: invite.uses,
    urls: { location: urls.linkInvite(invite) },
    ...(invite.token ? { url: urls.invite(invite.token) } : {}),
  };
}

/** What inviting by email answers: the links of invites not mailed, to pass on. */
export function presentInviteUsers({ links, ...outcome }: InviteUsersRecord, urls: Urls) {
  return { ...outcome, links: links.map(({ email, token }) => ({ email, url: urls.invite(token) })) };
}

/** A resent email invite: its new link when it was not mailed. */
export function presentResentInvite({ token, ...resent }: ResentInviteRecord, urls: Urls) {
  return { ...resent, ...(token ? { url: urls.invite(token) } : {}) };
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
