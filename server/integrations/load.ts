import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Integration, Organization } from "../db/generated/client";
import { notFound } from "../errors";
import { integrationPermissions, integrationViewer, type IntegrationViewer } from "../policies/integration";
import { assertSsoSatisfied } from "../policies/sso";
import { callerMemberships } from "./registry/memberships";

export type IntegrationAccess = {
  integration: Integration & { organization: Organization };
  viewer: IntegrationViewer;
  permissions: ReturnType<typeof integrationPermissions>;
};

/**
 * Loads an integration by name with what the caller may do with it. An integration the caller may
 * not see (private, of another organization) is "not found", as one that does not exist.
 */
export async function loadIntegration(tx: Db, actor: Actor, name: string): Promise<IntegrationAccess> {
  const [record, memberships] = await Promise.all([tx.integration.findUnique({ where: { name }, include: { organization: true } }), callerMemberships(tx, actor)]);
  if (!record) throw notFound(`No integration ${name}.`);
  const member = memberships.has(record.organizationId);
  const viewer = integrationViewer(actor, record, { member, role: member ? (memberships.get(record.organizationId) ?? null) : null });
  const permissions = integrationPermissions(viewer, record.visibility);
  if (!permissions.view) throw notFound(`No integration ${name}.`);
  // A private integration is its organization's, seen by its members: the organization's single sign-on rule applies to them.
  if (record.visibility === "private" && viewer.ownerMember && !viewer.isIntegration && actor.via !== "installation") assertSsoSatisfied(actor, record.organization, viewer.ownerRole);
  return { integration: record, viewer, permissions };
}
