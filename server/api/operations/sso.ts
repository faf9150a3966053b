import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { presentMember } from "../../presenters/member";
import { presentSamlProvider, presentSsoLogin } from "../../presenters/saml-provider";
import { createSamlProvider } from "../../sso/create-saml-provider";
import { deleteSamlProvider } from "../../sso/delete-saml-provider";
import { getSamlProvider, listSamlProviders, listSsoLogins } from "../../sso/queries";
import { createSamlProviderInput, updateSamlProviderInput } from "../../sso/schemas";
import { setSsoMember } from "../../sso/set-sso-member";
import { updateSamlProvider } from "../../sso/update-saml-provider";
import { defineOperation } from "../operation";

const organizationPath = z.object({ organizationId: entityIdSchema });
const providerPath = organizationPath.extend({ samlProviderId: entityIdSchema });

/** SAML providers and single sign-on of an organization (reference 4.8). */
export const ssoOperations = [
  defineOperation({
    operationId: "listSAMLProvidersInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/saml",
    params: organizationPath,
    query: listParams,
    handler: async (c) => {
      const page = await listSamlProviders(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((provider) => presentSamlProvider(provider, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createOrganizationSAMLProvider",
    method: "POST",
    path: "/v1/orgs/{organizationId}/saml",
    params: organizationPath,
    body: createSamlProviderInput,
    status: 201,
    handler: async (c) => presentSamlProvider(await createSamlProvider(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getOrganizationSAMLProviderById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    params: providerPath,
    handler: async (c) => presentSamlProvider(await getSamlProvider(c, c.params.organizationId, c.params.samlProviderId), c.urls),
  }),
  defineOperation({
    operationId: "updateOrganizationSAMLProvider",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    params: providerPath,
    body: updateSamlProviderInput,
    handler: async (c) => presentSamlProvider(await updateSamlProvider(c, c.params.organizationId, c.params.samlProviderId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteOrganizationSAMLProvider",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/saml/{samlProviderId}",
    params: providerPath,
    status: 204,
    handler: (c) => deleteSamlProvider(c, c.params.organizationId, c.params.samlProviderId),
  }),
  defineOperation({
    operationId: "listSSOProviderLoginsInOrganization",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sso",
    params: organizationPath,
    handler: async (c) => {
      const logins = await listSsoLogins(c, c.params.organizationId);
      return { items: logins.items.map((provider) => presentSsoLogin(provider, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "setUserAsSSOMemberForOrganization",
    method: "POST",
    path: "/v1/orgs/{organizationId}/members/{userId}/sso",
    params: organizationPath.extend({ userId: entityIdSchema }),
    handler: async (c) => {
      const { member, counts } = await setSsoMember(c, c.params.organizationId, c.params.userId);
      return presentMember(member, counts, c.urls);
    },
  }),
];
