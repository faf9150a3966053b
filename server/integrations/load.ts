import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Integration, Organization } from "../db/generated/client";
import { notFound } from "../errors";
import { integrationPermissions, integrationViewer, type IntegrationViewer } from "../policies/integration";
import { isLive } from "../policies/access";
import { assertSsoSatisfied } from "../policies/sso";
import { callerMemberships, ownerSsoAllows } from "./registry/memberships";

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
  const record = await tx.integration.findUnique({ where: { name }, include: { organization: true } });
  // A deleted organization's integrations are gone with it.
  if (!record || !isLive(record.organization)) throw notFound(`No integration ${name}.`);
  const memberships = await callerMemberships(tx, actor);
  const member = memberships.has(record.organizationId);
  const viewer = integrationViewer(actor, record, { member, role: member ? (memberships.get(record.organizationId) ?? null) : null });
  const permissions = integrationPermissions(viewer, record.visibility);
  if (!permissions.view) throw notFound(`No integration ${name}.`);
  // A private integration is its organization's, seen by its members: the organization's single sign-on rule applies to them.
  if (record.visibility === "private" && viewer.ownerMember && !viewer.isIntegration && !ownerSsoAllows(actor, record.organization, viewer.ownerRole)) {
    assertSsoSatisfied(actor, record.organization, viewer.ownerRole);
  }
  return { integration: record, viewer, permissions };
}
