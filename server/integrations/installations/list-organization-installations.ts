import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { paginateModel, type ListResult } from "../../pagination";
import { loadOrganization } from "../../policies/access";
import { authorize } from "../../policies/authorize";
import { integrationInclude, type IntegrationRecord } from "../registry/records";
import { integrationRecords, searchWhere } from "./installed-integrations";
import { installationRecords, type InstallationRecord } from "./organization-installation-records";
import type { ListOrganizationInstallationsParams } from "./schemas";

/** listOrganizationInstallations: the organization's installations (its admins'), each with its integration, oldest first. */
export async function listOrganizationInstallations(
  ctx: ServiceContext,
  organizationId: string,
  params: ListOrganizationInstallationsParams,
): Promise<ListResult<{ installation: InstallationRecord; integration: IntegrationRecord }>> {
  const org = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(org, "organization.listInstallations");
  const page = await paginateModel(params, db().integrationInstallation, { organizationId, integration: searchWhere(params.search) });
  const integrations = await db().integration.findMany({ where: { id: { in: page.items.map((installation) => installation.integrationId) } }, include: integrationInclude });
  const nameOf = new Map(integrations.map((integration) => [integration.id, integration.name]));
  const [records, installations] = await Promise.all([integrationRecords(ctx, integrations), installationRecords(db(), page.items, (installation) => nameOf.get(installation.integrationId)!)]);
  const integrationOf = new Map(records.map((integration) => [integration.id, integration]));
  return { ...page, items: installations.map((installation) => ({ installation, integration: integrationOf.get(installation.integrationId)! })) };
}
