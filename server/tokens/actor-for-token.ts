import type { Actor } from "../auth/actor";
import { db, preparedRows } from "../db/client";
import { Prisma } from "../db/generated/client";
import { TOKEN_PREFIX, hashToken } from "./api-token-records";

/** Only used to decide whether `lastUsedAt` is worth a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The actor owning a bearer token, or null when it is unknown, revoked, or its user disabled. */
export async function actorForToken(token: string): Promise<Actor | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  // Raw SQL, prepared: this runs on every /v1 request, and a raw query costs a fraction of an ORM query's CPU.
  // Only what the answer needs, and no timestamps to parse: the database says whether the token is usable and its use worth recording.
  const [row] = await preparedRows<{ id: string; userId: string; usable: boolean; recordUse: boolean }>(db(), "api-token-lookup", Prisma.sql`
    SELECT t.id, t.user_id AS "userId",
           t.revoked_at IS NULL AND u.disabled_at IS NULL AS usable,
           t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000}) AS "recordUse"
    FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${hashToken(token)}`);
  // A revoked token, or a disabled user's, stops with them.
  if (!row?.usable) return null;
  if (row.recordUse) {
    // Not awaited: recording use must not slow the request down or fail it.
    db()
      .apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
      .catch((error: unknown) => console.error("Could not record API token use", error));
  }
  return { userId: row.userId, via: "token", tokenId: row.id };
}
