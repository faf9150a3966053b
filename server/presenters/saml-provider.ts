import type { SamlProvider } from "../db/generated/client";
import { serviceProviderOf, startUrlOf } from "../sso/service-provider";
import { apiUrl } from "./urls";

/** A team as the reference's OrganizationTeam, for a provider's `defaultTeam`. */
export type TeamSummary = { id: string; title: string; createdAt: Date; members: number; spaces: number };

/** The reference's OrganizationSAMLProvider. Shown to the organization's admins only, who manage teams. */
export function presentSamlProvider(provider: SamlProvider, defaultTeam: TeamSummary | null, baseUrl: string) {
  return {
    object: "saml-provider" as const,
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoUrl,
    entityID: provider.entityId,
    certificate: provider.certificate,
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
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt.toISOString(),
    // Every provider has what signing in needs (server/sso/schemas.ts): none is left pending.
    status: "active" as const,
    service: { ...serviceProviderOf(baseUrl, provider.organizationId), startURL: startUrlOf(baseUrl, provider.id) },
    urls: { location: apiUrl(baseUrl, `/orgs/${provider.organizationId}/saml/${provider.id}`) },
  };
}

/** The reference's OrganizationSSOProviderLogin: a way to sign in, for sign-in pages. */
export function presentSsoLogin(provider: Pick<SamlProvider, "id" | "label">, baseUrl: string) {
  return { id: provider.id, label: provider.label, startURL: startUrlOf(baseUrl, provider.id) };
}
