import type { Actor } from "../auth/actor";
import type { Db } from "../db/client";
import type { Integration, Organization } from "../db/generated/client";
import { notFound } from "../errors";
import { integrationPermissions, integrationViewer, type IntegrationViewer } from "../policies/integration";
import { parseRole } from "../policies/roles";
import { assertSsoSatisfied } from "../policies/sso";

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
  const record = await tx.integration.findUnique({
    where: { name },
    include: { organization: { include: { members: { where: { userId: actor.userId }, select: { role: true } } } } },
  });
  if (!record) throw notFound(`No integration ${name}.`);
  const { members, ...organization } = record.organization;
  const member = members[0];
  const viewer = integrationViewer(actor, record, { member: member !== undefined, role: member ? parseRole(member.role) : null });
  const permissions = integrationPermissions(viewer, record.visibility);
  if (!permissions.view) throw notFound(`No integration ${name}.`);
  // A private integration is its organization's, seen through membership: the organization's single sign-on rule applies.
  if (record.visibility === "private" && viewer.ownerMember && !viewer.isIntegration) assertSsoSatisfied(actor, organization, viewer.ownerRole);
  return { integration: { ...record, organization }, viewer, permissions };
}
