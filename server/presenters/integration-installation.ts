import type { IntegrationInstallation } from "../db/generated/client";
import { withoutBuiltinSecrets } from "../integrations/builtin/configuration";
import { apiUrl, appUrl } from "./urls";

/**
 * Installations as the reference's IntegrationInstallation, IntegrationSpaceInstallation and
 * IntegrationSiteInstallation. The public endpoints sit under the integration's own
 * (server/presenters/integration.ts), one per installation.
 */

const installationPath = (integrationName: string, installationId: string) => `/integrations/${integrationName}/installations/${installationId}`;
const publicEndpointOf = (baseUrl: string, integrationName: string, installationId: string) => `${baseUrl}/api${installationPath(integrationName, installationId)}`;

export function presentInstallation(installation: IntegrationInstallation, integrationName: string, spaces: number, baseUrl: string) {
  const publicEndpoint = publicEndpointOf(baseUrl, integrationName, installation.id);
  return {
    id: installation.id,
    status: installation.status as "active" | "pending" | "paused",
    space_selection: installation.spaceSelection as "all" | "selected",
    site_selection: installation.siteSelection as "all" | "selected",
    spaces,
    configuration: withoutBuiltinSecrets(integrationName, installation.configuration) as Record<string, unknown>,
    createdAt: installation.createdAt.toISOString(),
    updatedAt: installation.updatedAt.toISOString(),
    urls: {
      location: apiUrl(baseUrl, installationPath(integrationName, installation.id)),
      app: appUrl(baseUrl, `/o/${installation.organizationId}/integrations/${integrationName}`),
      publicEndpoint,
      publicContentEndpoint: publicEndpoint,
    },
    externalIds: installation.externalIds,
    target: { organization: installation.organizationId },
  };
}
export type IntegrationInstallationObject = ReturnType<typeof presentInstallation>;

/** A space's or a site's installation row, whichever table it comes from. */
export type ContentInstallationRow = {
  installationId: string;
  status: string;
  configuration: unknown;
  externalIds: string[];
};

/**
 * A space or site installation; `target` is the space or site: its id, or (with `extended`) the
 * presented Space or Site object.
 */
export function presentContentInstallation<K extends "space" | "site", T>(kind: K, row: ContentInstallationRow, integrationName: string, targetId: string, target: T, baseUrl: string) {
  const publicEndpoint = publicEndpointOf(baseUrl, integrationName, row.installationId);
  return {
    integration: integrationName,
    installation: row.installationId,
    status: row.status as "active" | "pending" | "paused",
    configuration: withoutBuiltinSecrets(integrationName, row.configuration) as Record<string, unknown>,
    externalIds: row.externalIds,
    urls: {
      location: apiUrl(baseUrl, `${installationPath(integrationName, row.installationId)}/${kind}s/${targetId}`),
      publicEndpoint,
      publicContentEndpoint: publicEndpoint,
    },
    [kind]: target,
  } as { integration: string; installation: string; status: "active" | "pending" | "paused"; configuration: Record<string, unknown>; externalIds: string[]; urls: { location: string; publicEndpoint: string; publicContentEndpoint: string } } & Record<K, T>;
}
