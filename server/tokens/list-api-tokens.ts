import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { summarize, type ApiTokenSummary } from "./api-token-records";

export async function listApiTokens(actor: Actor): Promise<ApiTokenSummary[]> {
  const rows = await db().apiToken.findMany({
    where: { userId: actor.userId, revokedAt: null },
    orderBy: { id: "desc" },
  });
  return rows.map(summarize);
}
