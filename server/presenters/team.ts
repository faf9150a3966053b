import type { Urls } from "../http/urls";
import type { TeamMemberRecord, TeamRecord } from "../teams/records";
import { presentMember } from "./member";

/** The reference's OrganizationTeam, from the record a team service returns (server/teams/records.ts). */
export function presentTeam(record: TeamRecord) {
  return {
    object: "team" as const,
    id: record.id,
    title: record.title,
    members: record.counts.members,
    spaces: record.counts.spaces,
    createdAt: record.createdAt.toISOString(),
    permissions: record.permissions,
  };
}
export type TeamObject = ReturnType<typeof presentTeam>;

/** The reference's OrganizationTeamMember: the organization's member with their role in the team. */
export function presentTeamMember(record: TeamMemberRecord, urls: Urls) {
  return { organization: presentMember(record.member, record.counts, urls), team: { role: record.role }, permissions: record.permissions };
}
