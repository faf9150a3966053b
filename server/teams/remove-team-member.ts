import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { loadTeam } from "../policies/team";
import { applyMembershipChanges } from "./membership-changes";

/** Removes a user from a team; answers the same when they were not in it. */
export async function removeTeamMember(ctx: ServiceContext, organizationId: string, teamId: string, userId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    await applyMembershipChanges(tx, events, access, new Map([[userId, null]]));
  });
}
