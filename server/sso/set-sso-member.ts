import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { memberCounts } from "../teams/counts";
import type { SsoMemberRecord } from "./records";
import { findMember } from "./sso-members";

/** Allows a member to sign in through the organization's SSO; answers the member. */
export async function setSsoMember(ctx: ServiceContext, organizationId: string, userId: string): Promise<SsoMemberRecord> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  await writeChange(ctx, async (tx, events) => {
    const member = await findMember(tx, organizationId, userId);
    if (member.ssoAt) return events.nothingChanged();
    await tx.member.update({ where: { organizationId_userId: { organizationId, userId } }, data: { ssoAt: new Date() } });
    events.record({ organizationId, action: "member.sso_enabled", target: { type: "user", id: userId, label: member.user.displayName } });
  });
  return memberRecordOf(db(), organizationId, userId);
}

/** The member as written, with their counts. */
async function memberRecordOf(tx: Db, organizationId: string, userId: string): Promise<SsoMemberRecord> {
  const member = await tx.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } }, include: { user: true } });
  const counts = await memberCounts(tx, organizationId, [userId]);
  return { member, counts: counts.get(userId)! };
}
