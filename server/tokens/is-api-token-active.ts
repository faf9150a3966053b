import { db } from "../db/client";

/** Whether a token is still in force for its user (what it minted stops working once it is revoked). */
export async function isApiTokenActive(tokenId: string, userId: string): Promise<boolean> {
  const [row] = await db().$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM api_tokens WHERE id = ${tokenId} AND user_id = ${userId} AND revoked_at IS NULL`;
  return !!row;
}
