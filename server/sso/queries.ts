import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { SamlProvider } from "../db/generated/client";
import { notFound } from "../errors";
import { entityIdSchema } from "../ids";
import { paginateModel, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { serviceProviderMetadata } from "./saml";
import type { SamlProviderRecord, ServiceProviderRecord } from "./records";
import { listTeamChoices, teamSummaries } from "./teams";
import { authorize } from "../policies/authorize";

/** The records of the organization's providers: each with its default team, in one query for them all. */
export async function samlProviderRecords(organizationId: string, providers: SamlProvider[]): Promise<SamlProviderRecord[]> {
  const teamIds = providers.flatMap((provider) => (provider.defaultTeamId ? [provider.defaultTeamId] : []));
  const teams = await teamSummaries(db(), organizationId, teamIds);
  return providers.map((provider) => ({ ...provider, defaultTeam: (provider.defaultTeamId && teams.get(provider.defaultTeamId)) || null }));
}

export async function listSamlProviders(ctx: ServiceContext, organizationId: string, params: ListParams) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const page = await paginateModel(params, db().samlProvider, { organizationId });
  return { ...page, items: await samlProviderRecords(organizationId, page.items) };
}

export async function getSamlProvider(ctx: ServiceContext, organizationId: string, samlProviderId: string): Promise<SamlProviderRecord> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const provider = await db().samlProvider.findFirst({ where: { id: samlProviderId, organizationId } });
  if (!provider) throw notFound(`No SAML provider ${samlProviderId} in organization ${organizationId}.`);
  return (await samlProviderRecords(organizationId, [provider]))[0]!;
}

/** The ways to sign in to the organization (listSSOProviderLoginsInOrganization): for any member. */
export async function listSsoLogins(ctx: ServiceContext, organizationId: string) {
  await loadOrganization(db(), ctx.actor, organizationId);
  const providers = await db().samlProvider.findMany({ where: { organizationId }, orderBy: { id: "asc" }, select: { id: true, label: true } });
  return { items: providers };
}

/** Quire's side of the organization's SAML, to enter in identity providers (admin UI). */
export async function getServiceProvider(ctx: ServiceContext, organizationId: string): Promise<ServiceProviderRecord> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  return { organizationId };
}

/**
 * The organization's service provider metadata, served at its entity ID for identity providers to
 * read (public, like the entity ID itself); null when no live organization has this id.
 */
export async function getServiceProviderMetadata(baseUrl: string, organizationId: string): Promise<string | null> {
  if (!entityIdSchema.safeParse(organizationId).success) return null;
  const live = await db().organization.count({ where: { id: organizationId, deletedAt: null } });
  return live > 0 ? serviceProviderMetadata(baseUrl, organizationId) : null;
}

/** Teams of the organization a provider can put new members in (admin UI). */
export async function listDefaultTeamChoices(ctx: ServiceContext, organizationId: string) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  return listTeamChoices(db(), organizationId);
}
