import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { createOrganization } from "../../organizations/create-organization";
import { joinOrganizationByEmailDomain } from "../../organizations/join-organization-by-email-domain";
import { listOrganizationsForEmailDomain } from "../../organizations/list-organizations-for-email-domain";
import { getOrganization, getSubdomain, listOrganizations } from "../../organizations/queries";
import { createOrganizationInput, emailDomainSchema, subdomainSchema, updateOrganizationInput } from "../../organizations/schemas";
import { updateOrganization } from "../../organizations/update-organization";
import { listParams } from "../../pagination";
import { presentDomainOrganization, presentOrganizationRecord } from "../../presenters/organization";
import { presentUser } from "../../presenters/user";
import { getAuthenticatedUser } from "../../users/queries";
import { defineOperation } from "../operation";

const organizationPath = z.object({ organizationId: entityIdSchema });

export const organizationOperations = [
  defineOperation({
    operationId: "getAuthenticatedUser",
    method: "GET",
    path: "/v1/user",
    handler: async (c) => presentUser(await getAuthenticatedUser(c), c.urls),
  }),
  defineOperation({
    operationId: "listOrganizationsForAuthenticatedUser",
    method: "GET",
    path: "/v1/orgs",
    query: listParams,
    handler: async (c) => {
      const page = await listOrganizations(c, c.query);
      return { ...page, items: page.items.map((organization) => presentOrganizationRecord(organization, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createOrganization",
    method: "POST",
    path: "/v1/orgs",
    body: createOrganizationInput,
    status: 201,
    handler: async (c) => presentOrganizationRecord(await createOrganization(c, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}",
    params: organizationPath,
    handler: async (c) => presentOrganizationRecord(await getOrganization(c, c.params.organizationId), c.urls),
  }),
  defineOperation({
    operationId: "updateOrganizationById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}",
    params: organizationPath,
    body: updateOrganizationInput,
    handler: async (c) => presentOrganizationRecord(await updateOrganization(c, c.params.organizationId, c.body, c.body.logo ? c.urls.organizationFileOf(c.body.logo) : null), c.urls),
  }),
  defineOperation({
    operationId: "getOrganizationsForEmailDomain",
    method: "GET",
    path: "/v1/email-domains/{emailDomain}/orgs",
    params: z.object({ emailDomain: emailDomainSchema }),
    handler: async (c) => {
      const { organizations } = await listOrganizationsForEmailDomain(c, c.params.emailDomain);
      return { organizations: organizations.map((organization) => presentDomainOrganization(organization, c.params.emailDomain, c.urls)) };
    },
  }),
  defineOperation({
    // Joining by one's verified email domain, with the organization's default role (204 also when in already).
    operationId: "joinOrganization",
    method: "POST",
    path: "/v1/orgs/{organizationId}/join",
    params: organizationPath,
    status: 204,
    handler: async (c) => {
      await joinOrganizationByEmailDomain(c, c.params.organizationId);
    },
  }),
  defineOperation({
    operationId: "getSubdomain",
    method: "GET",
    path: "/v1/subdomains/{subdomain}",
    params: z.object({ subdomain: subdomainSchema }),
    handler: (c) => getSubdomain(c, c.params.subdomain),
  }),
];
