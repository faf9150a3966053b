import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { notFound } from "../errors";

export async function revokeApiToken(actor: Actor, tokenId: string): Promise<void> {
  const { count } = await db().apiToken.updateMany({
    where: { id: tokenId, userId: actor.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("No such API token.");
}
