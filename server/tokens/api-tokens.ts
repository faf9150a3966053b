import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { db, preparedRows, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { notFound } from "../errors";
import { newId } from "../ids";

const TOKEN_PREFIX = "qr_";
/** Only used to decide whether `lastUsedAt` is worth a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const createApiTokenInput = z.object({ name: z.string().trim().min(1).max(100) });

export type ApiTokenSummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Creates a token for the actor; the plain token is returned once and only its hash is stored. */
export async function createApiToken(actor: Actor, input: z.infer<typeof createApiTokenInput>) {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await db().apiToken.create({
    data: {
      id: newId(),
      userId: actor.userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    },
  });
  return { token, apiToken: summarize(row) };
}

export async function listApiTokens(actor: Actor): Promise<ApiTokenSummary[]> {
  const rows = await db().apiToken.findMany({
    where: { userId: actor.userId, revokedAt: null },
    orderBy: { id: "desc" },
  });
  return rows.map(summarize);
}

export async function revokeApiToken(actor: Actor, tokenId: string): Promise<void> {
  const { count } = await db().apiToken.updateMany({
    where: { id: tokenId, userId: actor.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound("No such API token.");
}

/** Within a write: revokes every API token of the user (a password change, an admin's reset); how many. */
export async function revokeAllApiTokens(tx: Db, userId: string): Promise<number> {
  const { count } = await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}

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

/** Whether a token is still in force for its user (what it minted stops working once it is revoked). */
export async function isApiTokenActive(tokenId: string, userId: string): Promise<boolean> {
  const [row] = await db().$queryRaw<{ one: number }[]>`
    SELECT 1 AS one FROM api_tokens WHERE id = ${tokenId} AND user_id = ${userId} AND revoked_at IS NULL`;
  return !!row;
}

function summarize(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiTokenSummary {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}
