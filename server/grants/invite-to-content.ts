import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadTarget, type ContentTarget } from "../policies/grant";
import { applyGrant } from "./apply-grant";
import type { InviteInput } from "./schemas";
import { teamSubjects, userSubjects } from "./subjects";
import { authorize } from "../policies/authorize";

/**
 * Grants users and teams a role on a space, a collection or a site (`inviteToSpace`, `inviteToCollection`, `inviteToSite`);
 * a null role removes their grants. Only members and teams of the item's organization: inviting
 * people from outside it by email belongs to the organization's invites.
 */
export async function inviteToContent(ctx: ServiceContext, target: ContentTarget, input: InviteInput): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTarget(tx, ctx.actor, target);
    authorize(access, "sharing.share", access.target);
    const subjects = [
      ...(await userSubjects(tx, access.organization.id, input.users ?? [])),
      ...(await teamSubjects(tx, access.organization.id, input.teams ?? [])),
    ];
    for (const subject of subjects) await applyGrant(tx, events, access, subject, input.role);
  });
}
