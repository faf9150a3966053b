import { createHash } from "node:crypto";
import type { Actor } from "../../auth/actor";
import { db, preparedRows } from "../../db/client";
import { Prisma } from "../../db/generated/client";

/** An integration's own token (contract 1 of issue 13): shown once at first publish and when regenerated. */
export const INTEGRATION_TOKEN_PREFIX = "qi_";
/** A token minted for one installation, valid for an hour (server/integrations/tokens/mint.ts). */
export const INSTALLATION_TOKEN_PREFIX = "qt_";

/** How integration and installation tokens are stored: their SHA-256, hex. */
export const hashIntegrationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The actor of an integration token (`qi_…`) or an installation token (`qt_…`), or null when it is
 * unknown, expired, or its installation or integration is gone — a deleted organization's integrations
 * and installations included (server/organizations/delete-organization.ts). One prepared query, like
 * user API tokens: this runs on every /v1 request an integration makes.
 */
export async function actorForIntegrationToken(token: string): Promise<Actor | null> {
  if (token.length > 200) return null;
  if (token.startsWith(INTEGRATION_TOKEN_PREFIX)) {
    const [row] = await preparedRows<{ id: string; name: string; botUserId: string }>(db(), "integration-token-lookup", Prisma.sql`
      SELECT g.id, g.name, g.bot_user_id AS "botUserId"
      FROM integrations g JOIN users u ON u.id = g.bot_user_id JOIN organizations o ON o.id = g.organization_id
      WHERE g.token_hash = ${hashIntegrationToken(token)} AND u.disabled_at IS NULL AND o.deleted_at IS NULL`);
    return row ? { userId: row.botUserId, via: "integration", integration: { id: row.id, name: row.name } } : null;
  }
  if (token.startsWith(INSTALLATION_TOKEN_PREFIX)) {
    // An uninstalled installation takes its tokens with it (ON DELETE CASCADE); expired rows wait for the hourly purge.
    const [row] = await preparedRows<{ id: string; name: string; botUserId: string; installationId: string }>(db(), "installation-token-lookup", Prisma.sql`
      SELECT g.id, g.name, g.bot_user_id AS "botUserId", i.id AS "installationId"
      FROM integration_installation_tokens t
      JOIN integration_installations i ON i.id = t.installation_id
      JOIN integrations g ON g.id = i.integration_id
      JOIN users u ON u.id = g.bot_user_id
      JOIN organizations owner ON owner.id = g.organization_id
      JOIN organizations installed ON installed.id = i.organization_id
      WHERE t.token_hash = ${hashIntegrationToken(token)} AND t.expires_at > now() AND u.disabled_at IS NULL
        AND owner.deleted_at IS NULL AND installed.deleted_at IS NULL`);
    return row
      ? { userId: row.botUserId, via: "installation", integration: { id: row.id, name: row.name, installationId: row.installationId } }
      : null;
  }
  return null;
}
