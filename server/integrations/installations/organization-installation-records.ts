import type { Db } from "../../db/client";
import type { Integration, IntegrationInstallation } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { presentInstallation, type IntegrationInstallationObject } from "../../presenters/integration-installation";
import { reachedSpaceCounts } from "./records";
import type { UpdateInstallationInput } from "./schemas";

/**
 * An integration installed on an organization (the reference's IntegrationInstallation): installed
 * and uninstalled by the organization's admins, configured by them or by the integration
 * (server/integrations/installations/access.ts). Its configuration is checked against the
 * integration's `configurations.account` schema; its status follows it (records.ts).
 */

export async function present(tx: Db, installation: IntegrationInstallation, integration: Pick<Integration, "name">, baseUrl: string): Promise<IntegrationInstallationObject> {
  const counts = await reachedSpaceCounts(tx, [installation.id]);
  return presentInstallation(installation, integration.name, counts.get(installation.id) ?? 0, baseUrl);
}

/** Refuses a selection of every space (or site) for an integration whose target excludes them. */
export function checkSelection(integration: Pick<Integration, "target">, input: Pick<UpdateInstallationInput, "space_selection" | "site_selection">): void {
  if (input.space_selection === "all" && !["all", "space"].includes(integration.target)) badSelection("space_selection", "spaces");
  if (input.site_selection === "all" && !["all", "site"].includes(integration.target)) badSelection("site_selection", "sites");
}
function badSelection(field: string, what: string): never {
  throw fieldError(field, `This integration cannot be installed on ${what}.`);
}
