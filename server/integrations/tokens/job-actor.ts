import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";

/**
 * Who a background job acts as when it finishes what a user started in a space (an import): the
 * user, as `system`; or, when that user is an integration's bot, the integration's installation in
 * the space's organization, so that the job is held to the installation's scopes and reach as the
 * request was (none left: the installation is gone, and so is its access).
 */
export async function jobActorFor(userId: string, spaceId: string): Promise<Actor> {
  const [row] = await db().$queryRaw<{ id: string; name: string; installation_id: string | null }[]>`
    SELECT g.id, g.name, i.id AS installation_id FROM integrations g
    LEFT JOIN spaces s ON s.id = ${spaceId}
    LEFT JOIN integration_installations i ON i.integration_id = g.id AND i.organization_id = s.organization_id
    WHERE g.bot_user_id = ${userId}`;
  if (!row) return { userId, via: "system" };
  return { userId, via: "installation", integration: { id: row.id, name: row.name, ...(row.installation_id ? { installationId: row.installation_id } : {}) } };
}
