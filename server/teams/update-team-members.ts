import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { resolveMembers } from "../policies/organization-members";
import { loadTeam } from "../policies/team";
import { applyMembershipChanges, type MembershipChange } from "./membership-changes";
import type { UpdateTeamMembersInput } from "./schemas";

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
