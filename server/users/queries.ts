import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { presentUser } from "../presenters/user";

export async function getAuthenticatedUser(ctx: ServiceContext) {
  const user = await db().user.findUnique({ where: { id: ctx.actor.userId } });
  if (!user) throw notFound("The user of this token no longer exists.");
  return presentUser(user, ctx.baseUrl);
}
