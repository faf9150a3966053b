import { endSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { notFound } from "../errors";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { presentMember } from "../presenters/member";
import { memberCounts } from "../teams/counts";
import { authorize } from "../policies/authorize";

/**
 * Which members may sign in through the organization's single sign-on. A member who joined through
 * it may; an account that existed before may only once an admin allows it
 * (setUserAsSSOMemberForOrganization): that hands the account's sign-in to the organization's
 * identity provider, which is why an identity provider alone never takes over an existing account.
 */

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

async function findMember(tx: Db, organizationId: string, userId: string) {
  const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: { select: { displayName: true } } } });
  if (!member) throw notFound(`No member ${userId} in organization ${organizationId}.`);
  return member;
}

/** The reference's OrganizationMember. */
async function presentMemberOf(tx: Db, organizationId: string, userId: string, baseUrl: string) {
  const member = await tx.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } }, include: { user: true } });
  const counts = await memberCounts(tx, organizationId, [userId]);
  return presentMember(member, counts.get(userId)!, baseUrl);
}
