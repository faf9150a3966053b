import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadTarget, type ContentTarget } from "../policies/grant";
import type { Role } from "../policies/roles";
import { applyGrant } from "./apply-grant";
import { teamSubjects, userSubjects } from "./subjects";
import { authorize } from "../policies/authorize";

/**
 * Sets the role granted to a member or a team on a space, collection or site (`updateUserPermissionInSpace`,
 * `updateTeamPermissionInCollection`, …), granting it when there was none; null removes it.
 */
export async function updateGrant(ctx: ServiceContext, target: ContentTarget, subject: { type: "user" | "team"; id: string }, role: Role | null): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTarget(tx, ctx.actor, target);
    authorize(access, "sharing.share", access.target);
    const organizationId = access.organization.id;
    const [resolved] = subject.type === "user" ? await userSubjects(tx, organizationId, [subject.id]) : await teamSubjects(tx, organizationId, [subject.id]);
    await applyGrant(tx, events, access, resolved!, role);
  });
}
