import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { badRequest } from "../errors";

export const markReadInput = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .strict();

/** Marks some of the caller's notifications read (`ids`; others' ids change nothing), or all of them. Returns how many were unread. */
export async function markNotificationsRead(ctx: ServiceContext, input: z.infer<typeof markReadInput>): Promise<{ count: number }> {
  if (Boolean(input.ids) === Boolean(input.all)) throw badRequest("Give either `ids` or `all: true`.");
  const { count } = await db().notification.updateMany({
    where: { userId: ctx.actor.userId, readAt: null, ...(input.ids ? { id: { in: input.ids } } : {}) },
    data: { readAt: new Date() },
  });
  return { count };
}
