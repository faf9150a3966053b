import type { Urls } from "../http/urls";
import type { InstalledHereItem } from "../integrations/installations/installed-integrations";
import type { PublishedIntegration } from "../integrations/registry/publish";
import type { IntegrationRecord } from "../integrations/registry/records";
import { presentOrganizationRecord, presentOrganizationRecordToOutsider } from "./organization";

/**
 * An integration as the reference's `Integration`. Its secrets, token, signing secret, script,
 * dispatch endpoint and tunnel are never part of it. Its `owner` is the organization as its members
 * see it to members (`viewer`), and as an outsider sees it to anyone else: the integration is
 * public, its owner's email domains and settings are not.
 */
export function presentIntegration(integration: IntegrationRecord, urls: Urls) {
  const { permissions, viewer } = integration;
  const at = urls.integration(integration);
  const assetUrl = (kind: string, position: number, sha256: string) => `${at.assets}/${kind}-${position}?v=${sha256.slice(0, 12)}`;
  const icon = integration.assets.find((asset) => asset.kind === "icon");
  return {
    object: "integration" as const,
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary ? { summary: integration.summary } : {}),
    previewImages: integration.assets.filter((asset) => asset.kind === "preview").sort((a, b) => a.position - b.position).map((asset) => assetUrl(asset.kind, asset.position, asset.sha256)),
    target: integration.target,
    verified: integration.verified,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    configurations: integration.configurations,
    externalLinks: integration.externalLinks,
    owner: viewer.ownerMember ? presentOrganizationRecord({ ...integration.organization, memberRole: viewer.ownerRole }, urls) : presentOrganizationRecordToOutsider(integration.organization, [], urls),
    urls: {
      location: at.location,
      ...(icon ? { icon: assetUrl(icon.kind, icon.position, icon.sha256) } : {}),
      app: at.app,
      assets: at.assets,
      publicEndpoint: at.publicEndpoint,
      publicContentEndpoint: at.publicEndpoint,
    },
    permissions: { admin: permissions.admin },
    ...(integration.contentSecurityPolicy !== null ? { contentSecurityPolicy: integration.contentSecurityPolicy } : {}),
  };
}

/** A publish's answer: the integration, then its token and signing secret when that publish created it. */
export function presentPublishedIntegration(published: PublishedIntegration, urls: Urls) {
  const integration = presentIntegration(published, urls);
  return published.credentials ? { ...integration, ...published.credentials } : integration;
}

/** A space's or site's Integrations tab: each integration beside its status there. */
export function presentInstalledHere(list: { items: InstalledHereItem[] }, urls: Urls) {
  return { items: list.items.map((item) => ({ integration: presentIntegration(item.integration, urls), status: item.status })) };
}
