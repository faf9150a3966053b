import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization } from "../policies/access";
import { resolveMembers } from "../policies/organization-members";
import { authorize } from "../policies/authorize";
import { teamPermissions } from "../policies/team";
import type { TeamRecord } from "./records";
import type { CreateTeamInput } from "./schemas";

/** Creates a team with its first members (members of the organization, joining as `member`). */
export async function createTeam(ctx: ServiceContext, organizationId: string, input: CreateTeamInput): Promise<TeamRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    authorize(access, "organization.createTeam");
    const members = [...(await resolveMembers(tx, organizationId, input.members ?? [], { field: "members", status: 400 })).values()];
    const team = await tx.team.create({
      data: { id: newId(), organizationId, title: input.title, members: { create: members.map((userId) => ({ userId })) } },
    });
    events.record({ organizationId, action: "team.created", target: { type: "team", id: team.id, label: team.title }, payload: { title: team.title, members } });
    const teamRole = members.includes(ctx.actor.userId) ? "member" : null;
    return { ...team, counts: { members: members.length, spaces: 0 }, permissions: teamPermissions({ memberRole: access.memberRole, teamRole }) };
  });
}
