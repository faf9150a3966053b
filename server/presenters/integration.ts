import type { Integration, Organization } from "../db/generated/client";
import type { integrationPermissions, IntegrationViewer } from "../policies/integration";
import { presentOrganization, presentOrganizationToOutsider } from "./organization";
import { apiUrl, appUrl } from "./urls";

type IntegrationRow = Integration & { organization: Organization; assets?: { kind: string; position: number; sha256: string }[] };

/**
 * An integration as the reference's `Integration`. Its secrets, token, signing secret, script,
 * dispatch endpoint and tunnel are never part of it. Its `owner` is the organization as its members
 * see it to members (`viewer`), and as an outsider sees it to anyone else: the integration is
 * public, its owner's email domains and settings are not.
 */
export function presentIntegration(
  integration: IntegrationRow,
  permissions: ReturnType<typeof integrationPermissions>,
  baseUrl: string,
  viewer?: Pick<IntegrationViewer, "ownerMember" | "ownerRole">,
) {
  const assetUrl = (kind: string, position: number, sha256: string) => `${baseUrl}/api/integrations/${integration.name}/assets/${kind}-${position}?v=${sha256.slice(0, 12)}`;
  const assets = integration.assets ?? [];
  const icon = assets.find((asset) => asset.kind === "icon");
  const publicEndpoint = `${baseUrl}/api/integrations/${integration.name}`;
  return {
    object: "integration" as const,
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary ? { summary: integration.summary } : {}),
    previewImages: assets.filter((asset) => asset.kind === "preview").sort((a, b) => a.position - b.position).map((asset) => assetUrl(asset.kind, asset.position, asset.sha256)),
    target: integration.target,
    verified: integration.verified,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    configurations: integration.configurations,
    externalLinks: integration.externalLinks,
    owner: viewer?.ownerMember ? presentOrganization(integration.organization, viewer.ownerRole, baseUrl) : presentOrganizationToOutsider(integration.organization, [], baseUrl),
    urls: {
      location: apiUrl(baseUrl, `/integrations/${integration.name}`),
      ...(icon ? { icon: assetUrl(icon.kind, icon.position, icon.sha256) } : {}),
      app: appUrl(baseUrl, `/o/${integration.organizationId}/integrations/${integration.name}`),
      assets: `${baseUrl}/api/integrations/${integration.name}/assets`,
      publicEndpoint,
      publicContentEndpoint: publicEndpoint,
    },
    permissions: { admin: permissions.admin },
    ...(integration.contentSecurityPolicy !== null ? { contentSecurityPolicy: integration.contentSecurityPolicy } : {}),
  };
}
