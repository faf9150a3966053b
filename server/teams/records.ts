import type { Member, Team, User } from "../db/generated/client";
import type { TeamRole } from "../policies/team";

/**
 * What the team services return: the team's row with its counts (server/teams/counts.ts) and the
 * caller's permissions on it (`teamPermissions`). The edge presents it (server/presenters/team.ts).
 */
export type TeamRecord = Team & { counts: { members: number; spaces: number }; permissions: { admin: boolean; view: boolean } };

/** One member of a team: the organization's member with their counts (`memberCounts`), their role in the team, and whether the caller may view the team. */
export type TeamMemberRecord = { member: Member & { user: User }; counts: { spaces: number; teams: number }; role: TeamRole; permissions: { view: boolean } };
