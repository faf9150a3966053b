import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Team } from "../db/generated/client";
import { forbidden, notFound } from "../errors";
import { loadMembership, type OrgAccess } from "./access";
import { assertSsoSatisfied } from "./sso";

/**
 * Who may do what with a team: the organization's admins and the team's owners manage it (rename,
 * delete, members); the organization's members see every team, guests only the teams they are in.
 * `teamPermissions` is both the `permissions` of a presented team and the check its services make.
 */

export type TeamRole = "owner" | "member";
export type TeamAccess = OrgAccess & { team: Team; teamRole: TeamRole | null };

export function teamPermissions(access: Pick<TeamAccess, "memberRole" | "teamRole">) {
  const admin = access.memberRole === "admin" || access.teamRole === "owner";
  return { admin, view: admin || access.memberRole !== null || access.teamRole !== null };
}

/** Who may create teams in an organization: its admins. */
export function canCreateTeam(access: Pick<OrgAccess, "memberRole">): boolean {
  return access.memberRole === "admin";
}

export type TeamAction = "manage";

/** Throws 403 unless the caller may `action` the team (they can see it: `loadTeam` found it). */
export function authorizeTeam(action: TeamAction, access: TeamAccess): void {
  if (action === "manage" && !teamPermissions(access).admin) {
    throw forbidden(`Managing team ${access.team.id} needs to be an owner of it or an admin of the organization.`);
  }
}

/** Loads a team of the organization with the caller's role in it; "not found" when the caller may not see it. */
export async function loadTeam(tx: Db, actor: Actor, organizationId: string, teamId: string): Promise<TeamAccess> {
  const org = await loadMembership(tx, actor, organizationId);
  const team = await tx.team.findFirst({
    where: { id: teamId, organizationId },
    include: { members: { where: { userId: actor.userId }, select: { role: true } } },
  });
  const access = team && { ...org, team: withoutMembers(team), teamRole: (team.members[0]?.role as TeamRole | undefined) ?? null };
  if (!access || !teamPermissions(access).view) throw notFound(`No team ${teamId} in organization ${organizationId}.`);
  assertSsoSatisfied(actor, org.organization, org.memberRole);
  return access;
}

function withoutMembers<T extends { members: unknown }>(team: T): Omit<T, "members"> {
  const { members: _, ...rest } = team;
  return rest;
}
