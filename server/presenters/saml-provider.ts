import type { Urls } from "../http/urls";
import type { SamlProviderRecord, ServiceProviderRecord } from "../sso/records";

/** The reference's OrganizationSAMLProvider. Shown to the organization's admins only, who manage teams. */
export function presentSamlProvider(record: SamlProviderRecord, urls: Urls) {
  const { defaultTeam } = record;
  return {
    object: "saml-provider" as const,
    id: record.id,
    label: record.label,
    ssoURL: record.ssoUrl,
    entityID: record.entityId,
    certificate: record.certificate,
    ...(defaultTeam
      ? {
          defaultTeam: {
            object: "team" as const,
            id: defaultTeam.id,
            title: defaultTeam.title,
            members: defaultTeam.members,
            spaces: defaultTeam.spaces,
            createdAt: defaultTeam.createdAt.toISOString(),
            permissions: { admin: true, view: true },
          },
        }
      : {}),
    defaultRole: record.defaultRole,
    createdAt: record.createdAt.toISOString(),
    // Every provider has what signing in needs (server/sso/schemas.ts): none is left pending.
    status: "active" as const,
    service: { ...urls.ssoServiceProvider(record.organizationId), startURL: urls.ssoStart(record.id) },
    urls: { location: urls.samlProvider(record) },
  };
}

/** The reference's OrganizationSSOProviderLogin: a way to sign in, for sign-in pages. */
export function presentSsoLogin(provider: { id: string; label: string }, urls: Urls) {
  return { id: provider.id, label: provider.label, startURL: urls.ssoStart(provider.id) };
}

/** A way to sign in offered on the sign-in page, with the organization it leads to (`findSsoEntries`). */
export function presentSsoEntry(entry: { id: string; label: string; organization: { id: string; title: string } }, urls: Urls) {
  return { id: entry.id, label: entry.label, organization: entry.organization, startURL: urls.ssoStart(entry.id) };
}

/** Quire's side of the organization's SAML, to enter in identity providers (admin UI). */
export function presentServiceProvider(record: ServiceProviderRecord, urls: Urls) {
  return urls.ssoServiceProvider(record.organizationId);
}
