import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import type { TeamAccess, TeamRole } from "../policies/team";

/** A role to hold in the team, `join` (as `member`, or keeping one's role when already in), or null to leave it. */
export type MembershipChange = TeamRole | "join" | null;

/** Applies membership changes by user id and records what actually changed as one event. */
export async function applyMembershipChanges(tx: Db, events: EventRecorder, access: TeamAccess, changes: Map<string, MembershipChange>): Promise<void> {
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
