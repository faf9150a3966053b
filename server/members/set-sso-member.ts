import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorizePeople } from "../policies/organization";
import { loadMember, presentMembers } from "./queries";

/** Lets a member sign in to the organization through its single sign-on (the member's `sso`); admins only. */
export async function setSsoMember(ctx: ServiceContext, organizationId: string, userId: string) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorizePeople("manageMembers", access);
  return writeChange(ctx, async (tx, events) => {
    const member = await loadMember(tx, access, userId);
    if (member.ssoAt) {
      events.nothingChanged();
      return (await presentMembers(tx, access, [member], ctx.baseUrl))[0]!;
    }
    const updated = await tx.member.update({
      where: { organizationId_userId: { organizationId, userId } },
      data: { ssoAt: new Date() },
      include: { user: true },
    });
    events.record({ organizationId, action: "member.sso_enabled", target: { type: "user", id: userId, label: member.user.displayName } });
    return (await presentMembers(tx, access, [updated], ctx.baseUrl))[0]!;
  });
}
