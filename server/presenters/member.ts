import type { Member, User } from "../db/generated/client";
import { parseRole } from "../policies/roles";
import { presentUser } from "./user";

/** How many spaces were granted to a member directly, and how many of the organization's teams they are in (server/teams/counts.ts). */
export type MemberCounts = { spaces: number; teams: number };

/** The reference's OrganizationMember: a user as a member of the organization. */
export function presentMember(member: Member & { user: User }, counts: MemberCounts, baseUrl: string) {
  return {
    object: "member" as const,
    id: member.userId,
    role: parseRole(member.role),
    user: presentUser(member.user, baseUrl),
    disabled: member.user.disabledAt !== null,
    joinedAt: member.joinedAt.toISOString(),
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
    sso: member.ssoAt !== null,
    spaces: counts.spaces,
    teams: counts.teams,
    // Sites are not served yet.
    sites: 0,
  };
}
