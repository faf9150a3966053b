import type { Organization } from "../db/generated/client";
import type { Role } from "../policies/roles";
import { organizationPermissions } from "../policies/organization";
import { organizationFileUrl } from "../organizations/organization-files";
import { apiUrl, appUrl } from "./urls";

export function presentOrganization(organization: Organization, memberRole: Role | null, baseUrl: string) {
  return {
    object: "organization" as const,
    id: organization.id,
    title: organization.title,
    createdAt: organization.createdAt.toISOString(),
    emailDomains: organization.emailDomains,
    ...(organization.hostname ? { hostname: organization.hostname } : {}),
    type: organization.type,
    ...(organization.useCase ? { useCase: organization.useCase } : {}),
    ...(organization.communityType ? { communityType: organization.communityType } : {}),
    defaultRole: organization.defaultRole,
    ...(organization.defaultSiteId ? { defaultContent: { type: "site", site: organization.defaultSiteId } } : {}),
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    ...SELF_HOSTED,
    urls: organizationUrls(organization, baseUrl),
    permissions: organizationPermissions(memberRole),
  };
}

/** Self-hosted: no billing plan, trial or merge rules to report. */
const SELF_HOSTED = { plan: "free", mergeRules: { type: "none" }, trial: { status: "notapplicable", count: 0 } } as const;

function organizationUrls(organization: Organization, baseUrl: string) {
  const logo = logoUrlOf(organization, baseUrl);
  return {
    location: apiUrl(baseUrl, `/orgs/${organization.id}`),
    app: appUrl(baseUrl, `/o/${organization.id}`),
    ...(logo ? { logo } : {}),
  };
}

/** The organization's logo: its uploaded file, served by Quire, or the URL it was given. */
export function logoUrlOf(organization: Pick<Organization, "id" | "logoURL" | "logoUploadId">, baseUrl: string): string | null {
  return organization.logoUploadId ? organizationFileUrl(baseUrl, organization.id, organization.logoUploadId) : organization.logoURL;
}

/**
 * An organization as someone outside it sees it: its id, title and logo (which joining it by email
 * domain needs, and which name an integration's publisher). The other fields the reference
 * requires are there with values that say nothing of it (no creation time, settings or
 * permissions; only the email domains the caller already knows: the one asked about, or none).
 */
export function presentOrganizationToOutsider(organization: Organization, emailDomains: string[], baseUrl: string) {
  const none = organizationPermissions(null);
  return {
    object: "organization" as const,
    id: organization.id,
    title: organization.title,
    createdAt: new Date(0).toISOString(),
    emailDomains,
    type: "business",
    inviteLinks: false,
    ...SELF_HOSTED,
    urls: organizationUrls(organization, baseUrl),
    permissions: Object.fromEntries(Object.keys(none).map((key) => [key, false])) as Record<keyof typeof none, false>,
  };
}
