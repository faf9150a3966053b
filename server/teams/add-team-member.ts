import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { resolveMembers } from "../policies/organization-members";
import { loadTeam, type TeamRole } from "../policies/team";
import { applyMembershipChanges } from "./membership-changes";

/** Adds one member of the organization to a team (as `member` unless a role is given), or changes their role. */
export async function addTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string, role: TeamRole | undefined): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    await resolveMembers(tx, organizationId, [userId], { field: "userId", status: 404 });
    await applyMembershipChanges(tx, events, access, new Map([[userId, role ?? "join"]]));
  });
}
