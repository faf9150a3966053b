import type { Actor } from "../../auth/actor";
import type { Db } from "../../db/client";
import type { Organization } from "../../db/generated/client";
import { parseRole, type Role } from "../../policies/roles";
import { ssoAllows } from "../../policies/sso";

/**
 * The organizations the caller stands in, with its role there (null: a guest's standing), as
 * integrations' owners see them: a person by their memberships; an installation token in its
 * installation's organization, as a guest (server/policies/installation.ts); the integration's own
 * token in none (it sees itself as the integration, not as a member).
 */
export async function callerMemberships(tx: Db, actor: Actor): Promise<Map<string, Role | null>> {
  if (actor.via === "installation") {
    const installationId = actor.integration?.installationId;
    const installation = installationId ? await tx.integrationInstallation.findFirst({ where: { id: installationId, organization: { deletedAt: null } }, select: { organizationId: true } }) : null;
    return new Map(installation ? [[installation.organizationId, null]] : []);
  }
  if (actor.via === "integration") return new Map();
  // A deleted organization is none the caller stands in (server/organizations/delete-organization.ts).
  const rows = await tx.member.findMany({ where: { userId: actor.userId, organization: { deletedAt: null } }, select: { organizationId: true, role: true } });
  return new Map(rows.map((row) => [row.organizationId, parseRole(row.role)]));
}

/**
 * Whether the owner organization's single sign-on rule lets the caller see what its members see:
 * an installation is no member and not under the rule (server/policies/installation.ts).
 */
export function ownerSsoAllows(actor: Actor, organization: Pick<Organization, "id" | "sso">, role: Role | null): boolean {
  return actor.via === "installation" || ssoAllows(actor, organization, role);
}
