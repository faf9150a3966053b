import type { Organization } from "../db/generated/client";
import type { Role } from "../policies/roles";
import { organizationPermissions } from "../policies/organization";
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
    // Self-hosted: no billing plan, trial or merge rules to report.
    plan: "free",
    mergeRules: { type: "none" },
    trial: { status: "notapplicable", count: 0 },
    urls: {
      location: apiUrl(baseUrl, `/orgs/${organization.id}`),
      app: appUrl(baseUrl, `/o/${organization.id}`),
      ...(organization.logoURL ? { logo: organization.logoURL } : {}),
    },
    permissions: organizationPermissions(memberRole),
  };
}
