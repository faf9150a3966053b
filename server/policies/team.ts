import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Team } from "../db/generated/client";
import { notFound } from "../errors";
import { loadMembership, type OrgAccess } from "./access";
import { permissionsOn } from "./authorize";
import type { TeamRole } from "./permission-table";
import { assertSsoSatisfied } from "./sso";

/**
 * Who may do what with a team: the organization's admins and the team's owners manage it (rename,
 * delete, members); the organization's members see every team, guests only the teams they are in.
 * `teamPermissions` is the `permissions` of a presented team: a view of the permission table's `team`
 * rules (server/policies/permission-table.ts), which its services check with `authorize`.
 */

export type { TeamRole };
export type TeamAccess = OrgAccess & { team: Team; teamRole: TeamRole | null };

export function teamPermissions(access: Pick<TeamAccess, "memberRole" | "teamRole">) {
  const may = permissionsOn("team", access);
  return { admin: may("manage"), view: may("view") };
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
