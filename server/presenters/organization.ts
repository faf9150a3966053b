import type { Organization } from "../db/generated/client";
import type { Urls } from "../http/urls";
import { organizationPermissions } from "../policies/organization";
import type { DomainOrganizationRecord, OrganizationRecord } from "../organizations/records";

/** An organization as /v1 and the admin UI show it, from the record an organization service returns (server/organizations/records.ts). */
export function presentOrganizationRecord(organization: OrganizationRecord, urls: Urls) {
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
    urls: organizationUrls(organization, urls),
    permissions: organizationPermissions(organization.memberRole),
  };
}

/** Self-hosted: no billing plan, trial or merge rules to report. */
const SELF_HOSTED = { plan: "free", mergeRules: { type: "none" }, trial: { status: "notapplicable", count: 0 } } as const;

function organizationUrls(organization: Organization, urls: Urls) {
  const logo = urls.organizationLogo(organization);
  return { ...urls.organization(organization), ...(logo ? { logo } : {}) };
}

/**
 * An organization as someone outside it sees it: its id, title and logo (which joining it by email
 * domain needs, and which name an integration's publisher). The other fields the reference
 * requires are there with values that say nothing of it (no creation time, settings or
 * permissions; only the email domains the caller already knows: the one asked about, or none).
 */
export function presentOrganizationRecordToOutsider(organization: Organization, emailDomains: string[], urls: Urls) {
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
    urls: organizationUrls(organization, urls),
    permissions: Object.fromEntries(Object.keys(none).map((key) => [key, false])) as Record<keyof typeof none, false>,
  };
}

/** An organization found by a verified email domain (`emailDomain`): as usual to its members, otherwise as to an outsider. */
export function presentDomainOrganization(organization: DomainOrganizationRecord, emailDomain: string, urls: Urls) {
  return organization.member ? presentOrganizationRecord(organization, urls) : presentOrganizationRecordToOutsider(organization, [emailDomain], urls);
}
