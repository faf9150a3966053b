import type { Member, User } from "../db/generated/client";
import type { Urls } from "../http/urls";
import type { MemberCounts, MemberRecord } from "../members/records";
import { parseRole } from "../policies/roles";
import { presentUser } from "./user";

/** A member as /v1 and the admin UI show them, from the record a member service returns (server/members/records.ts), with what the caller may do to them. */
export function presentMemberRecord(member: MemberRecord, urls: Urls) {
  return { ...presentMember(member, member.counts, urls), permissions: member.permissions };
}

/** The reference's OrganizationMember, without what the caller may do to them (a team's members, SSO's list). */
export function presentMember(member: Member & { user: User }, counts: MemberCounts, urls: Urls) {
  return {
    object: "member" as const,
    id: member.userId,
    role: parseRole(member.role),
    user: presentUser(member.user, urls),
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
