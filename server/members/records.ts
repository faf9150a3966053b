import type { Member, Team, User } from "../db/generated/client";
import type { memberPermissions } from "../policies/organization";
import type { TeamRole } from "../policies/team";
import type { SpaceRecord } from "../spaces/records";
import type { Role } from "../policies/roles";

/** How many spaces were granted to a member directly, and how many of the organization's teams they are in (server/teams/counts.ts). */
export type MemberCounts = { spaces: number; teams: number };

/**
 * What the member services return: the membership's row with its user, the member's counts and what
 * the caller may do to them (server/policies/organization.ts), so that the UI offers only that. No
 * URL: the edge presents it (server/presenters/member.ts).
 */
export type MemberRecord = Member & { user: User; counts: MemberCounts; permissions: ReturnType<typeof memberPermissions> };

/** A space a member reaches (`listSpacesForMember`): the member's role on it, and its record with the caller's role. */
export type MemberSpaceRecord = { permission: Role; space: SpaceRecord };

/** A team a member is in (`listTeamsForMember`): the team, its counts, the caller's permissions on it, and the member's role in it. */
export type MemberTeamRecord = { team: Team; counts: { members: number; spaces: number }; permissions: { admin: boolean; view: boolean }; role: TeamRole };
