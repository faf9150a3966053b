/**
 * Quire's side of SAML (the service provider) is one per organization: its entity ID (the audience
 * assertions must name; its metadata is served there) and its ACS URL are the organization's, so an
 * admin can enter them in the identity provider before adding the provider here, and an assertion
 * made for one organization is refused by every other. Each provider has its own start URL.
 */
export function serviceProviderOf(baseUrl: string, organizationId: string) {
  const entityID = `${baseUrl}/sso/saml/orgs/${organizationId}`;
  return { entityID, acsURL: `${entityID}/acs` };
}

export function startUrlOf(baseUrl: string, providerId: string): string {
  return `${baseUrl}/sso/saml/${providerId}/start`;
}
