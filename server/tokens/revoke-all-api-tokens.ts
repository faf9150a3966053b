import type { Db } from "../db/client";

/** Within a write: revokes every API token of the user (a password change, an admin's reset); how many. */
export async function revokeAllApiTokens(tx: Db, userId: string): Promise<number> {
  const { count } = await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
