import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { resolveMembers } from "../policies/organization-members";
import { loadTeam, type TeamAccess, type TeamRole } from "../policies/team";
import type { UpdateTeamMembersInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * Adds, removes and sets the roles of a team's members in one change: `add` (ids or emails) join as
 * members, `memberships` set roles (joining those not yet in), `remove` leave. Everyone named must
 * be a member of the organization.
 */
export async function updateTeamMembers(ctx: ServiceContext, organizationId: string, teamId: string, input: UpdateTeamMembersInput): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    const add = await resolveMembers(tx, organizationId, input.add ?? [], { field: "add", status: 400 });
    const remove = await resolveMembers(tx, organizationId, input.remove ?? [], { field: "remove", status: 400 });
    const roles = Object.entries(input.memberships ?? {});
    const withRoles = await resolveMembers(tx, organizationId, roles.map(([userId]) => userId), { field: "memberships", status: 400 });
    const changes = new Map<string, MembershipChange>();
    for (const userId of add.values()) changes.set(userId, "join");
    for (const [ref, { role }] of roles) changes.set(withRoles.get(ref)!, role);
    for (const userId of remove.values()) changes.set(userId, null);
    await applyMembershipChanges(tx, events, access, changes);
  });
}

/** Adds one member of the organization to a team (as `member` unless a role is given), or changes their role. */
export async function addTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string, role: TeamRole | undefined): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    await resolveMembers(tx, organizationId, [userId], { field: "userId", status: 404 });
    await applyMembershipChanges(tx, events, access, new Map([[userId, role ?? "join"]]));
  });
}

/** Removes a user from a team; answers the same when they were not in it. */
export async function removeTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    await applyMembershipChanges(tx, events, access, new Map([[userId, null]]));
  });
}

/** A role to hold in the team, `join` (as `member`, or keeping one's role when already in), or null to leave it. */
type MembershipChange = TeamRole | "join" | null;

/** Applies membership changes by user id and records what actually changed as one event. */
async function applyMembershipChanges(tx: Db, events: EventRecorder, access: TeamAccess, changes: Map<string, MembershipChange>): Promise<void> {
  const teamId = access.team.id;
  const current = new Map(
    (await tx.teamMember.findMany({ where: { teamId, userId: { in: [...changes.keys()] } }, select: { userId: true, role: true } })).map((row) => [row.userId, row.role as TeamRole]),
  );
  const added: { userId: string; role: TeamRole }[] = [];
  const removed: string[] = [];
  const roleChanged: { userId: string; from: TeamRole; to: TeamRole }[] = [];
  for (const [userId, change] of changes) {
    const was = current.get(userId);
    if (change === null) {
      if (was) removed.push(userId);
    } else if (!was) added.push({ userId, role: change === "join" ? "member" : change });
    else if (change !== "join" && was !== change) roleChanged.push({ userId, from: was, to: change });
  }
  if (removed.length) await tx.teamMember.deleteMany({ where: { teamId, userId: { in: removed } } });
  if (added.length) await tx.teamMember.createMany({ data: added.map((entry) => ({ teamId, ...entry })), skipDuplicates: true });
  for (const change of roleChanged) await tx.teamMember.update({ where: { teamId_userId: { teamId, userId: change.userId } }, data: { role: change.to } });
  if (!added.length && !removed.length && !roleChanged.length) return events.nothingChanged();
  events.record({
    organizationId: access.organization.id,
    action: "team.members_changed",
    target: { type: "team", id: teamId, label: access.team.title },
    payload: { added, removed, roleChanged },
  });
}
