import { endSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { findMember } from "./sso-members";

/** Takes SSO from a member: they no longer sign in through it, and the sessions they have end. */
export async function removeSsoMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<void> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  await writeChange(ctx, async (tx, events) => {
    const member = await findMember(tx, organizationId, userId);
    if (!member.ssoAt) return events.nothingChanged();
    await tx.member.update({ where: { organizationId_userId: { organizationId, userId } }, data: { ssoAt: null } });
    await endSessions(tx, userId);
    events.record({ organizationId, action: "member.sso_disabled", target: { type: "user", id: userId, label: member.user.displayName } });
  });
}
