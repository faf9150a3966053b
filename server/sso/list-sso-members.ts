import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/** The organization's members who may sign in through its SSO (the admin UI's list). */
export async function listSsoMembers(ctx: ServiceContext, organizationId: string) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const members = await db().member.findMany({
    where: { organizationId, ssoAt: { not: null } },
    include: { user: { select: { id: true, displayName: true, email: true } } },
    orderBy: { ssoAt: "desc" },
    take: 1000,
  });
  return members.map((member) => ({ userId: member.userId, displayName: member.user.displayName, email: member.user.email, role: member.role, ssoAt: member.ssoAt! }));
}
