import type { Db } from "../../db/client";
import { Prisma, type Integration, type IntegrationInstallation } from "../../db/generated/client";
import type { EventRecorder } from "../../events/record-event";
import { withoutBuiltinSecrets } from "../builtin/configuration";
import { reachesSpaceSql } from "../reach";

/**
 * What installation writes share: the status machine, the domain events they record (COMMON
 * contract 2, read by server/integrations/events to build `installation_setup`, `space_installation_deleted`…),
 * and the count of spaces an installation reaches.
 *
 * Status: `pending` while a required property of the target's configuration schema has no value,
 * `active` once every one has. Quire never pauses an installation itself, and offers no call that
 * does: `paused` is the reference's value for a state Quire has no use for yet.
 */
export type InstallationStatus = "active" | "pending" | "paused";

export function statusFor(missing: string[]): InstallationStatus {
  return missing.length > 0 ? "pending" : "active";
}

type Subject = { integration: Pick<Integration, "id" | "name" | "title">; installation: Pick<IntegrationInstallation, "id" | "organizationId"> };
/** Where the change happened: the organization installation itself, one space's or one site's. */
export type Scope = { kind: "installation" } | { kind: "space"; spaceId: string } | { kind: "site"; siteId: string };
type Change = { change: "created" | "updated"; status: string; previous?: { status: string; configuration: unknown } } | { change: "deleted" };

const ACTION_PREFIX = { installation: "integration_installation", space: "integration_space_installation", site: "integration_site_installation" } as const;

export function recordInstallationChange(events: EventRecorder, { integration, installation }: Subject, scope: Scope, change: Change): void {
  const common = { organizationId: installation.organizationId, target: { type: "integration_installation", id: installation.id, label: integration.title } };
  const payload = {
    integrationId: integration.id,
    integrationName: integration.name,
    installationId: installation.id,
    ...(change.change === "deleted" ? {} : { status: change.status, ...(change.previous ? { previous: { ...change.previous, configuration: withoutBuiltinSecrets(integration.name, change.previous.configuration) } } : {}) }),
  };
  if (scope.kind === "space") events.record({ ...common, action: `${ACTION_PREFIX.space}.${change.change}` as const, payload: { ...payload, spaceId: scope.spaceId } });
  else if (scope.kind === "site") events.record({ ...common, action: `${ACTION_PREFIX.site}.${change.change}` as const, payload: { ...payload, siteId: scope.siteId } });
  else events.record({ ...common, action: `${ACTION_PREFIX.installation}.${change.change}` as const, payload });
}

/** How many live spaces of its organization each installation reaches (the reference's `spaces`), by server/integrations/reach.ts. */
export async function reachedSpaceCounts(tx: Db, installationIds: string[]): Promise<Map<string, number>> {
  if (installationIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: string; spaces: number }[]>`
    SELECT i.id, (SELECT count(*)::int FROM spaces s
                  WHERE s.organization_id = i.organization_id AND s.deleted_at IS NULL AND ${reachesSpaceSql("i", "g", Prisma.sql`s.id`)}) AS spaces
    FROM integration_installations i JOIN integrations g ON g.id = i.integration_id
    WHERE i.id IN (${Prisma.join(installationIds)})`;
  return new Map(rows.map((row) => [row.id, row.spaces]));
}

/** Locks an installation row for the rest of the transaction: concurrent changes of it run one after the other. */
export async function lockInstallation(tx: Db, installationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM integration_installations WHERE id = ${installationId} FOR UPDATE`;
}
