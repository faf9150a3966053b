import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { loadInstallation } from "./access";
import { installationRecord, type InstallationRecord } from "./organization-installation-records";

export async function getIntegrationInstallation(ctx: ServiceContext, integrationName: string, installationId: string): Promise<InstallationRecord> {
  const { installation, integration } = await loadInstallation(db(), ctx.actor, integrationName, installationId);
  return installationRecord(db(), installation, integration);
}
