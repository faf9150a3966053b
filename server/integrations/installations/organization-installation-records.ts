import type { Db } from "../../db/client";
import type { Integration, IntegrationInstallation } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { reachedSpaceCounts } from "./records";
import type { UpdateInstallationInput } from "./schemas";

/**
 * An integration installed on an organization (the reference's IntegrationInstallation): installed
 * and uninstalled by the organization's admins, configured by them or by the integration
 * (server/integrations/installations/access.ts). Its configuration is checked against the
 * integration's `configurations.account` schema; its status follows it (records.ts).
 */

/** What the installation services return: the row, its integration's name, and how many spaces it reaches. No URL: the edge presents it. */
export type InstallationRecord = IntegrationInstallation & { integrationName: string; spaces: number };

/** The records of installations, each of the integration `nameOf` names: one query whatever their number. */
export async function installationRecords(tx: Db, installations: IntegrationInstallation[], nameOf: (installation: IntegrationInstallation) => string): Promise<InstallationRecord[]> {
  const counts = await reachedSpaceCounts(tx, installations.map((installation) => installation.id));
  return installations.map((installation) => ({ ...installation, integrationName: nameOf(installation), spaces: counts.get(installation.id) ?? 0 }));
}

export async function installationRecord(tx: Db, installation: IntegrationInstallation, integration: Pick<Integration, "name">): Promise<InstallationRecord> {
  const [record] = await installationRecords(tx, [installation], () => integration.name);
  return record!;
}

/** Refuses a selection of every space (or site) for an integration whose target excludes them. */
export function checkSelection(integration: Pick<Integration, "target">, input: Pick<UpdateInstallationInput, "space_selection" | "site_selection">): void {
  if (input.space_selection === "all" && !["all", "space"].includes(integration.target)) badSelection("space_selection", "spaces");
  if (input.site_selection === "all" && !["all", "site"].includes(integration.target)) badSelection("site_selection", "sites");
}
function badSelection(field: string, what: string): never {
  throw fieldError(field, `This integration cannot be installed on ${what}.`);
}
