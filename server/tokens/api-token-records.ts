import { createHash } from "node:crypto";

/** What the API token operations (`<verb>-api-token(s).ts` beside it) share: the token's prefix, its stored hash and the summary they answer. */

export const TOKEN_PREFIX = "qr_";

export type ApiTokenSummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function summarize(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiTokenSummary {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}
