import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { SamlProvider } from "../db/generated/client";
import { notFound } from "../errors";
import { entityIdSchema } from "../ids";
import { paginateModel, type ListParams } from "../pagination";
import { loadOrganization } from "../policies/access";
import { presentSamlProvider, presentSsoLogin } from "../presenters/saml-provider";
import { serviceProviderMetadata } from "./saml";
import { serviceProviderOf } from "./service-provider";
import { listTeamChoices, teamSummaries } from "./teams";
import { authorize } from "../policies/authorize";

/** The organization's providers with their default teams, as the API presents them. */
export async function presentSamlProviders(organizationId: string, providers: SamlProvider[], baseUrl: string) {
  const teamIds = providers.flatMap((provider) => (provider.defaultTeamId ? [provider.defaultTeamId] : []));
  const teams = await teamSummaries(db(), organizationId, teamIds);
  return providers.map((provider) => presentSamlProvider(provider, (provider.defaultTeamId && teams.get(provider.defaultTeamId)) || null, baseUrl));
}

export async function listSamlProviders(ctx: ServiceContext, organizationId: string, params: ListParams) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const page = await paginateModel(params, db().samlProvider, { organizationId });
  return { ...page, items: await presentSamlProviders(organizationId, page.items, ctx.baseUrl) };
}

export async function getSamlProvider(ctx: ServiceContext, organizationId: string, samlProviderId: string) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  const provider = await db().samlProvider.findFirst({ where: { id: samlProviderId, organizationId } });
  if (!provider) throw notFound(`No SAML provider ${samlProviderId} in organization ${organizationId}.`);
  return (await presentSamlProviders(organizationId, [provider], ctx.baseUrl))[0]!;
}

/** The ways to sign in to the organization (listSSOProviderLoginsInOrganization): for any member. */
export async function listSsoLogins(ctx: ServiceContext, organizationId: string) {
  await loadOrganization(db(), ctx.actor, organizationId);
  const providers = await db().samlProvider.findMany({ where: { organizationId }, orderBy: { id: "asc" }, select: { id: true, label: true } });
  return { items: providers.map((provider) => presentSsoLogin(provider, ctx.baseUrl)) };
}

/** Quire's side of the organization's SAML, to enter in identity providers (admin UI). */
export async function getServiceProvider(ctx: ServiceContext, organizationId: string) {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.manageSso");
  return serviceProviderOf(ctx.baseUrl, organizationId);
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
