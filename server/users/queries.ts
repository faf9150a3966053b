import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { notFound } from "../errors";
import { presentUser } from "../presenters/user";

export async function getAuthenticatedUser(ctx: ServiceContext) {
  const user = await db().user.findUnique({ where: { id: ctx.actor.userId } });
  if (!user) throw notFound("The user of this token no longer exists.");
  return presentUser(user, ctx.baseUrl);
}

/**
 * A user the caller may see: themself, or someone who shares an organization with them. Anyone
 * else is not found, so that ids do not tell who uses this Quire.
 */
export async function loadVisibleUser(tx: Db, viewerId: string, userId: string) {
  const user = await tx.user.findFirst({
    where: {
      id: userId,
      OR: [{ id: viewerId }, { memberships: { some: { organization: { members: { some: { userId: viewerId } } } } } }],
    },
  });
  if (!user) throw notFound(`No user ${userId}.`);
  return user;
}

export async function getUser(ctx: ServiceContext, userId: string) {
  return presentUser(await loadVisibleUser(db(), ctx.actor.userId, userId), ctx.baseUrl);
}
