import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import type { IntegrationInstallationObject } from "../../presenters/integration-installation";
import { loadInstallation } from "./access";
import { present } from "./organization-installation-records";

export async function getIntegrationInstallation(ctx: ServiceContext, integrationName: string, installationId: string): Promise<IntegrationInstallationObject> {
  const { installation, integration } = await loadInstallation(db(), ctx.actor, integrationName, installationId);
  return present(db(), installation, integration, ctx.baseUrl);
}
