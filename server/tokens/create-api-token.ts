import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Actor } from "../auth/actor";
import { db } from "../db/client";
import { newId } from "../ids";
import { TOKEN_PREFIX, hashToken, summarize } from "./api-token-records";

export const createApiTokenInput = z.object({ name: z.string().trim().min(1).max(100) });

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
