import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { presentMember } from "../presenters/member";
import { memberCounts } from "../teams/counts";
import { findMember } from "./sso-members";

/** Allows a member to sign in through the organization's SSO; answers the member. */
export async function setSsoMember(ctx: ServiceContext, organizationId: string, userId: string) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  await writeChange(ctx, async (tx, events) => {
    const member = await findMember(tx, organizationId, userId);
    if (member.ssoAt) return events.nothingChanged();
    await tx.member.update({ where: { organizationId_userId: { organizationId, userId } }, data: { ssoAt: new Date() } });
    events.record({ organizationId, action: "member.sso_enabled", target: { type: "user", id: userId, label: member.user.displayName } });
  });
  return presentMemberOf(db(), organizationId, userId, ctx.baseUrl);
}

/** The reference's OrganizationMember. */
async function presentMemberOf(tx: Db, organizationId: string, userId: string, baseUrl: string) {
  const member = await tx.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } }, include: { user: true } });
  const counts = await memberCounts(tx, organizationId, [userId]);
  return presentMember(member, counts.get(userId)!, baseUrl);
}
