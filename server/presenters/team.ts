import type { Team } from "../db/generated/client";

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
