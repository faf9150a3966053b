import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { paginateModel, type ListResult } from "../../pagination";
import { loadOrganization } from "../../policies/access";
import { authorize } from "../../policies/authorize";
import { presentInstallation, type IntegrationInstallationObject } from "../../presenters/integration-installation";
import { integrationInclude } from "../registry/queries";
import { presentIntegrations, searchWhere, type IntegrationObject } from "./installed-integrations";
import { reachedSpaceCounts } from "./records";
import type { ListOrganizationInstallationsParams } from "./schemas";

/** listOrganizationInstallations: the organization's installations (its admins'), each with its integration, oldest first. */
export async function listOrganizationInstallations(
  ctx: ServiceContext,
  organizationId: string,
  params: ListOrganizationInstallationsParams,
): Promise<ListResult<{ installation: IntegrationInstallationObject; integration: IntegrationObject }>> {
  const org = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(org, "organization.listInstallations");
  const page = await paginateModel(params, db().integrationInstallation, { organizationId, integration: searchWhere(params.search) });
  const ids = page.items.map((installation) => installation.id);
  const [counts, integrations] = await Promise.all([
    reachedSpaceCounts(db(), ids),
    db().integration.findMany({ where: { id: { in: page.items.map((installation) => installation.integrationId) } }, include: integrationInclude }),
  ]);
  const presented = new Map((await presentIntegrations(ctx, integrations)).map((integration, index) => [integrations[index]!.id, integration]));
  const nameOf = new Map(integrations.map((integration) => [integration.id, integration.name]));
  return {
    ...page,
    items: page.items.map((installation) => ({
      installation: presentInstallation(installation, nameOf.get(installation.integrationId)!, counts.get(installation.id) ?? 0, ctx.baseUrl),
      integration: presented.get(installation.integrationId)!,
    })),
  };
}
