import type { OrganizationInvite } from "../db/generated/client";
import type { Role } from "../policies/roles";

/**
 * What the invite link services return: the invite's row with the caller's role in its organization
 * (whether the invite is redundant to them), and `token`, the link's secret, only when the invite is
 * made (only its hash is kept). No URL: the edge presents it (server/presenters/invite.ts).
 */
export type LinkInviteRecord = OrganizationInvite & { callerRole: Role | null; token?: string };

/**
 * What inviting by email did (`inviteUsers`): the invites' secret tokens (`links`) are there only
 * when they were not mailed, for the edge to answer as links, once.
 */
export type InviteUsersRecord = { users: string[]; invited: number; emailed: boolean; links: { email: string; token: string }[] };

/** A resent email invite: its new token when it was not mailed, for the edge to answer as a link. */
export type ResentInviteRecord = { email: string; emailed: boolean; token?: string };
