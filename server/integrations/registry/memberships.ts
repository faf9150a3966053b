import type { Actor } from "../../auth/actor";
import type { Db } from "../../db/client";
import { parseRole, type Role } from "../../policies/roles";

/**
 * The organizations the caller stands in, with its role there (null: a guest's standing), as
 * integrations' owners see them: a person by their memberships; an installation token in its
 * installation's organization, as a guest (server/policies/installation.ts); the integration's own
 * token in none (it sees itself as the integration, not as a member).
 */
export async function callerMemberships(tx: Db, actor: Actor): Promise<Map<string, Role | null>> {
  if (actor.via === "installation") {
    const installationId = actor.integration?.installationId;
    const installation = installationId ? await tx.integrationInstallation.findUnique({ where: { id: installationId }, select: { organizationId: true } }) : null;
    return new Map(installation ? [[installation.organizationId, null]] : []);
  }
  if (actor.via === "integration") return new Map();
  const rows = await tx.member.findMany({ where: { userId: actor.userId }, select: { organizationId: true, role: true } });
  return new Map(rows.map((row) => [row.organizationId, parseRole(row.role)]));
}
