import type { Actor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { User } from "../db/generated/client";
import { notFound } from "../errors";
import { parseRole } from "../policies/roles";
import { assertSsoSatisfied, ssoAllows } from "../policies/sso";

/** The caller's own account (the edge presents it: server/presenters/user.ts). */
export async function getAuthenticatedUser(ctx: ServiceContext): Promise<User> {
  const user = await db().user.findUnique({ where: { id: ctx.actor.userId } });
  if (!user) throw notFound("The user of this token no longer exists.");
  return user;
}

/**
 * A user the caller may see: themself, or someone who shares an organization with them that the
 * caller reaches (its single sign-on rule satisfied: otherwise that rule's 403). Anyone else is not
 * found, so that ids do not tell who uses this Quire.
 */
export async function loadVisibleUser(tx: Db, actor: Actor, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    include: { memberships: { where: { organization: { deletedAt: null, members: { some: { userId: actor.userId } } } }, include: { organization: { include: { members: { where: { userId: actor.userId } } } } } } },
  });
  if (!user || (user.id !== actor.userId && user.memberships.length === 0)) throw notFound(`No user ${userId}.`);
  if (user.id === actor.userId) return user;
  const shared = user.memberships.map(({ organization }) => ({ organization, role: parseRole(organization.members[0]!.role) }));
  if (!shared.some(({ organization, role }) => ssoAllows(actor, organization, role))) assertSsoSatisfied(actor, shared[0]!.organization, shared[0]!.role);
  return user;
}

export async function getUser(ctx: ServiceContext, userId: string): Promise<User> {
  return loadVisibleUser(db(), ctx.actor, userId);
}
