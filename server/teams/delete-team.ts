import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { AppError } from "../errors";
import { loadTeam } from "../policies/team";
import { authorize } from "../policies/authorize";

/** Deletes a team; its memberships and its grants go with it (and the access they gave). Absent teams are already deleted. */
export async function deleteTeam(ctx: ServiceContext, organizationId: string, teamId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") return null;
      throw error;
    });
    if (!access) return events.nothingChanged();
    authorize(access, "team.manage");
    const [members, grants] = await Promise.all([tx.teamMember.count({ where: { teamId } }), tx.contentGrant.count({ where: { teamId } })]);
    await tx.team.delete({ where: { id: teamId } });
    events.record({ organizationId, action: "team.deleted", target: { type: "team", id: teamId, label: access.team.title }, payload: { members, grants } });
  });
}
