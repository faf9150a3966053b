import type { Member, SamlProvider, User } from "../db/generated/client";

/** A team as a provider's default, with its counts (server/sso/teams.ts). */
export type TeamSummary = { id: string; title: string; createdAt: Date; members: number; spaces: number };

/** What the SAML provider services return: the provider's row with its default team. No URL: the edge presents it (server/presenters/saml-provider.ts). */
export type SamlProviderRecord = SamlProvider & { defaultTeam: TeamSummary | null };

/** Quire's side of an organization's SAML: its URLs are the organization's, built at the edge (`urls.ssoServiceProvider`). */
export type ServiceProviderRecord = { organizationId: string };

/** A member allowed to sign in through SSO (`setSsoMember`), with their counts (`memberCounts`). */
export type SsoMemberRecord = { member: Member & { user: User }; counts: { spaces: number; teams: number } };
