import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { paginateById, type ListParams } from "../pagination";
import { grantsOn, loadTarget, type ContentTarget } from "../policies/grant";
import type { Role } from "../policies/roles";
import { teamPermissions, type TeamRole } from "../policies/team";
import { teamCounts } from "../teams/counts";
import type { TeamGrantRecord, UserGrantRecord } from "./records";

/** Who a space, collection or site is shared with: anyone who can see it may look. */

function pageOfGrants<Include extends Prisma.ContentGrantInclude>(where: Prisma.ContentGrantWhereInput, include: Include, params: ListParams) {
  return paginateById(
    params,
    (afterId, take) =>
      db().contentGrant.findMany({ where: afterId ? { AND: [where, { id: { gt: afterId } }] } : where, orderBy: { id: "asc" }, take, include }) as Promise<
        Prisma.ContentGrantGetPayload<{ include: Include }>[]
      >,
    () => db().contentGrant.count({ where }),
  );
}

/** Users granted a role on the item itself (`listUserPermissionsInSpace`, `…InCollection`, `…InSite`), in the order they were granted. */
export async function listUserGrants(ctx: ServiceContext, target: ContentTarget, params: ListParams) {
  await loadTarget(db(), ctx.actor, target);
  const page = await pageOfGrants({ ...grantsOn(target), userId: { not: null } }, { user: true }, params);
  return { ...page, items: page.items.map((grant): UserGrantRecord => ({ permission: grant.role as Role, user: grant.user! })) };
}

/** Teams granted a role on the item itself (`listTeamPermissionsInSpace`, `…InCollection`, `…InSite`). */
export async function listTeamGrants(ctx: ServiceContext, target: ContentTarget, params: ListParams) {
  const access = await loadTarget(db(), ctx.actor, target);
  const page = await pageOfGrants({ ...grantsOn(target), teamId: { not: null } }, { team: true }, params);
  const teamIds = page.items.map((grant) => grant.teamId!);
  const [counts, ownRoles] = await Promise.all([
    teamCounts(db(), teamIds),
    db().teamMember.findMany({ where: { teamId: { in: teamIds }, userId: ctx.actor.userId }, select: { teamId: true, role: true } }),
  ]);
  const roleIn = new Map(ownRoles.map((row) => [row.teamId, row.role as TeamRole]));
  return {
    ...page,
    items: page.items.map(
      (grant): TeamGrantRecord => ({
        permission: grant.role as Role,
        team: { ...grant.team!, counts: counts.get(grant.teamId!)!, permissions: teamPermissions({ memberRole: access.memberRole, teamRole: roleIn.get(grant.teamId!) ?? null }) },
      }),
    ),
  };
}
