import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadTeam, teamPermissions } from "../policies/team";
import { teamCounts } from "./counts";
import type { TeamRecord } from "./records";
import type { UpdateTeamInput } from "./schemas";
import { authorize } from "../policies/authorize";

/** Renames a team. */
export async function updateTeam(ctx: ServiceContext, organizationId: string, teamId: string, input: UpdateTeamInput): Promise<TeamRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadTeam(tx, ctx.actor, organizationId, teamId);
    authorize(access, "team.manage");
    let team = access.team;
    if (input.title === team.title) events.nothingChanged();
    else {
      team = await tx.team.update({ where: { id: teamId }, data: { title: input.title } });
      events.record({ organizationId, action: "team.renamed", target: { type: "team", id: teamId, label: team.title }, payload: { from: access.team.title, to: team.title } });
    }
    const counts = await teamCounts(tx, [teamId]);
    return { ...team, counts: counts.get(teamId)!, permissions: teamPermissions(access) };
  });
}
