import type { Member, Team, User } from "../db/generated/client";
import { parseRole } from "../policies/roles";
import { presentUser } from "./user";

/** The reference's OrganizationTeam; `permissions` come from `teamPermissions` (server/policies/team.ts). */
export function presentTeam(team: Team, counts: { members: number; spaces: number }, permissions: { admin: boolean; view: boolean }) {
  return {
    object: "team" as const,
    id: team.id,
    title: team.title,
    members: counts.members,
    spaces: counts.spaces,
    createdAt: team.createdAt.toISOString(),
    permissions,
  };
}
export type TeamObject = ReturnType<typeof presentTeam>;

/** The reference's OrganizationMember: a user as a member of the organization. */
export function presentOrganizationMember(member: Member & { user: User }, counts: { spaces: number; teams: number }, baseUrl: string) {
  return {
    object: "member" as const,
    id: member.userId,
    role: parseRole(member.role),
    user: presentUser(member.user, baseUrl),
    disabled: member.user.disabledAt !== null,
    joinedAt: member.joinedAt.toISOString(),
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISOString() } : {}),
    sso: false,
    spaces: counts.spaces,
    teams: counts.teams,
    // Sites are not served yet.
    sites: 0,
  };
}
