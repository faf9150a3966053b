import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { endSessions } from "../auth/sessions";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { assertKeepsAnAdmin, lockAdmins } from "../policies/organization";
import { authorize } from "../policies/authorize";

/**
 * Removes a member: admins remove anyone, members themselves. Their grants and team memberships in
 * the organization go with them and every session of theirs ends (on every app server), so nothing
 * they had open keeps showing the organization. The last admin stays (409); an absent member is no error.
 */
export async function removeMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<void> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  if (userId !== ctx.actor.userId) authorize(access, "organization.manageMembers");
  await writeChange(ctx, async (tx, events) => {
    const admins = await lockAdmins(tx, organizationId);
    const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: true } });
    if (!member) return events.nothingChanged();
    assertKeepsAnAdmin(admins, userId, "remove");
    const [grants, teams] = await Promise.all([
      tx.contentGrant.deleteMany({ where: { organizationId, userId } }),
      tx.teamMember.deleteMany({ where: { userId, team: { organizationId } } }),
    ]);
    await tx.member.delete({ where: { organizationId_userId: { organizationId, userId } } });
    await endSessions(tx, userId);
    events.record({
      organizationId,
      action: "member.removed",
      target: { type: "user", id: userId, label: member.user.displayName },
      payload: { role: member.role, grantsRemoved: grants.count, teamsLeft: teams.count, left: userId === ctx.actor.userId },
    });
  });
}
