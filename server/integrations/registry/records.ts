import type { Actor } from "../../auth/actor";
import { Prisma } from "../../db/generated/client";
import { integrationPermissions, integrationViewer, type IntegrationViewer } from "../../policies/integration";
import type { Role } from "../../policies/roles";

/** What an integration's answer shows with its row: its owner and its images. */
export const integrationInclude = {
  organization: true,
  assets: { select: { kind: true, position: true, sha256: true } },
} as const satisfies Prisma.IntegrationInclude;

export type IntegrationWithAssets = Prisma.IntegrationGetPayload<{ include: typeof integrationInclude }>;

/**
 * What the registry services return: the integration's row with its owner and images, and what the
 * caller may do with it and how they stand in its owner organization. No URL: the edge presents it
 * (server/presenters/integration.ts), leaving out its secrets, token and endpoints.
 */
export type IntegrationRecord = IntegrationWithAssets & {
  permissions: ReturnType<typeof integrationPermissions>;
  viewer: Pick<IntegrationViewer, "ownerMember" | "ownerRole">;
};

/** The record of an integration for a caller whose memberships are known (server/integrations/registry/memberships.ts). */
export function integrationRecord(actor: Actor, memberships: Map<string, Role | null>, integration: IntegrationWithAssets): IntegrationRecord {
  const member = memberships.has(integration.organizationId);
  const viewer = integrationViewer(actor, integration, { member, role: member ? (memberships.get(integration.organizationId) ?? null) : null });
  return { ...integration, permissions: integrationPermissions(viewer, integration.visibility), viewer };
}
