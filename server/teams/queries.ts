import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { paginateById, paginateModel, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { resolveMembers } from "../policies/organization-members";
import { loadTeam, teamPermissions, type TeamRole } from "../policies/team";
import { memberCounts, teamCounts } from "./counts";
import type { TeamMemberRecord, TeamRecord } from "./records";
import type { ListTeamsParams } from "./schemas";
import { authorize, permits } from "../policies/authorize";
import { parseRole } from "../policies/roles";

/** Teams of an organization the caller can see, in creation order; `owner` keeps those that member can manage, `title` filters by name. */
export async function listTeams(ctx: ServiceContext, organizationId: string, params: ListTeamsParams) {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  const filters: Prisma.TeamWhereInput[] = [{ organizationId }];
  // Guests see only the teams they are in.
  if (access.memberRole === null) filters.push({ members: { some: { userId: ctx.actor.userId } } });
  if (params.title) filters.push({ title: { contains: params.title, mode: "insensitive" } });
  if (params.owner) {
    const ownerId = (await resolveMembers(tx, organizationId, [params.owner], { field: "owner", status: 400 })).get(params.owner)!;
    const owner = await tx.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: ownerId } } });
    // Who manages every team manages those they own too; anyone else, those they own.
    if (!permits({ memberRole: parseRole(owner.role), teamRole: null }, "team.manage")) filters.push({ members: { some: { userId: ownerId, role: "owner" } } });
  }
  const page = await paginateModel(params, tx.team, { AND: filters });
  const teamIds = page.items.map((team) => team.id);
  const [counts, ownRoles] = await Promise.all([
    teamCounts(tx, teamIds),
    tx.teamMember.findMany({ where: { teamId: { in: teamIds }, userId: ctx.actor.userId }, select: { teamId: true, role: true } }),
  ]);
  const roleIn = new Map(ownRoles.map((row) => [row.teamId, row.role as TeamRole]));
  return {
    ...page,
    items: page.items.map(
      (team): TeamRecord => ({ ...team, counts: counts.get(team.id)!, permissions: teamPermissions({ memberRole: access.memberRole, teamRole: roleIn.get(team.id) ?? null }) }),
    ),
  };
}

export async function getTeam(ctx: ServiceContext, organizationId: string, teamId: string): Promise<TeamRecord> {
  const access = await loadTeam(db(), ctx.actor, organizationId, teamId);
  const counts = await teamCounts(db(), [teamId]);
  return { ...access.team, counts: counts.get(teamId)!, permissions: teamPermissions(access) };
}

/** A team's members, as members of the organization with their role in the team, in user id order. */
export async function listTeamMembers(ctx: ServiceContext, organizationId: string, teamId: string, params: ListParams) {
  const tx = db();
  const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
  const page = await paginateById(
    params,
    async (afterId, take) => {
      const rows = await tx.teamMember.findMany({
        where: { teamId, ...(afterId ? { userId: { gt: afterId } } : {}) },
        orderBy: { userId: "asc" },
        take,
        include: { user: { include: { memberships: { where: { organizationId } } } } },
      });
      return rows.map((row) => ({ id: row.userId, role: row.role as TeamRole, user: row.user }));
    },
    () => tx.teamMember.count({ where: { teamId } }),
  );
  const counts = await memberCounts(tx, organizationId, page.items.map((item) => item.id));
  const view = teamPermissions(access).view;
  return {
    ...page,
    items: page.items.flatMap(({ id, role, user }): TeamMemberRecord[] => {
      const { memberships, ...rest } = user;
      // A user who left the organization leaves its teams (removing a member removes both); none is shown half.
      const member = memberships[0];
      if (!member) return [];
      return [{ member: { ...member, user: rest }, counts: counts.get(id)!, role, permissions: { view } }];
    }),
  };
}

/** Members of the organization for pickers (team members, sharing, the audit log's actor filter): by name or email, at most 20. */
export async function listMemberCandidates(ctx: ServiceContext, organizationId: string, search: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.listMembers");
  const members = await db().member.findMany({
    where: {
      organizationId,
      ...(search
        ? { user: { OR: [{ displayName: { contains: search, mode: "insensitive" } }, { email: { contains: search, mode: "insensitive" } }] } }
        : {}),
    },
    include: { user: true },
    orderBy: { user: { displayName: "asc" } },
    take: 20,
  });
  return members.map((member) => ({ id: member.userId, displayName: member.user.displayName, email: member.user.email, role: member.role }));
}
