import type { Urls } from "../http/urls";
import { withoutBuiltinSecrets } from "../integrations/builtin/configuration";
import type { ContentInstallationRecord } from "../integrations/installations/content-installation-records";
import type { InstallationRecord } from "../integrations/installations/organization-installation-records";
import { presentSiteRecord } from "./site";
import { presentSpace } from "./space";

/**
 * Installations as the reference's IntegrationInstallation, IntegrationSpaceInstallation and
 * IntegrationSiteInstallation. The public endpoints sit under the integration's own
 * (server/presenters/integration.ts), one per installation.
 */

export function presentInstallation(installation: InstallationRecord, urls: Urls) {
  const { location, app, publicEndpoint } = urls.installation(installation.integrationName, installation);
  return {
    id: installation.id,
    status: installation.status as "active" | "pending" | "paused",
    space_selection: installation.spaceSelection as "all" | "selected",
    site_selection: installation.siteSelection as "all" | "selected",
    spaces: installation.spaces,
    configuration: withoutBuiltinSecrets(installation.integrationName, installation.configuration) as Record<string, unknown>,
    createdAt: installation.createdAt.toISOString(),
    updatedAt: installation.updatedAt.toISOString(),
    urls: { location, app, publicEndpoint, publicContentEndpoint: publicEndpoint },
    externalIds: installation.externalIds,
    target: { organization: installation.organizationId },
  };
}

/**
 * A space or site installation; the space or site (under its kind's key) is its id, or (`extended`)
 * the presented Space or Site object, left out when it is gone.
 */
export function presentContentInstallation(record: ContentInstallationRecord, urls: Urls) {
  const { kind, integrationName } = record;
  const { location, publicEndpoint } = urls.contentInstallation(integrationName, record.installationId, kind, record.targetId);
  return {
    integration: integrationName,
    installation: record.installationId,
    status: record.status as "active" | "pending" | "paused",
    configuration: withoutBuiltinSecrets(integrationName, record.configuration) as Record<string, unknown>,
    externalIds: record.externalIds,
    urls: { location, publicEndpoint, publicContentEndpoint: publicEndpoint },
    [kind]: record.extended ? presentTarget(record, urls) : record.targetId,
  } as { integration: string; installation: string; status: "active" | "pending" | "paused"; configuration: Record<string, unknown>; externalIds: string[]; urls: { location: string; publicEndpoint: string; publicContentEndpoint: string } } & Record<
    "space" | "site",
    unknown
  >;
}

function presentTarget({ space, site }: ContentInstallationRecord, urls: Urls) {
  if (space) return presentSpace(space, urls);
  if (site) return presentSiteRecord(site, urls);
  return undefined;
}
