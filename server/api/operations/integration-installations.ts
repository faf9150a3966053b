import { entityIdSchema } from "../../ids";
import * as installations from "../../integrations/installations";
import {
  extendedParams,
  installationPath,
  installIntegrationInput,
  installOnSiteInput,
  installOnSpaceInput,
  integrationPath,
  integrationSearchParams,
  listContentInstallationsParams,
  listInstallationSpacesParams,
  listInstallationsParams,
  listOrganizationInstallationsParams,
  siteInstallationPath,
  spaceInstallationPath,
  updateContentInstallationInput,
  updateInstallationInput,
} from "../../integrations/installations/schemas";
import { organizationPath, sitePath } from "../../sites/schemas";
import { defineOperation } from "../operation";
import { z } from "zod";

const base = "/v1/integrations/{integrationName}/installations/{installationId}";

/**
 * The reference's installation operations (tag `integrations`, `organizations`, `spaces`, `sites`).
 * The deletes answer 204 for both of the reference's outcomes (204 "did not exist", 205 "removed"):
 * the caller's next step is the same.
 */
export const integrationInstallationOperations = [
  defineOperation({
    operationId: "listIntegrationInstallations",
    method: "GET",
    path: "/v1/integrations/{integrationName}/installations",
    params: integrationPath,
    query: listInstallationsParams,
    handler: (c) => installations.listIntegrationInstallations(c, c.params.integrationName, c.query),
  }),
  defineOperation({
    operationId: "installIntegration",
    method: "POST",
    path: "/v1/integrations/{integrationName}/installations",
    params: integrationPath,
    body: installIntegrationInput,
    status: 201,
    handler: (c) => installations.installIntegration(c, c.params.integrationName, c.body),
  }),
  defineOperation({
    operationId: "getIntegrationInstallationById",
    method: "GET",
    path: base,
    params: installationPath,
    handler: (c) => installations.getIntegrationInstallation(c, c.params.integrationName, c.params.installationId),
  }),
  defineOperation({
    operationId: "updateIntegrationInstallation",
    method: "PATCH",
    path: base,
    params: installationPath,
    body: updateInstallationInput,
    handler: (c) => installations.updateIntegrationInstallation(c, c.params.integrationName, c.params.installationId, c.body),
  }),
  defineOperation({
    operationId: "uninstallIntegration",
    method: "DELETE",
    path: base,
    params: installationPath,
    status: 204,
    handler: (c) => installations.uninstallIntegration(c, c.params.integrationName, c.params.installationId),
  }),

  // On spaces
  defineOperation({
    operationId: "installIntegrationOnSpace",
    method: "POST",
    path: `${base}/spaces`,
    params: installationPath,
    query: extendedParams,
    body: installOnSpaceInput,
    status: 201,
    handler: (c) => installations.installIntegrationOnSpace(c, c.params.integrationName, c.params.installationId, c.body, c.query),
  }),
  defineOperation({
    operationId: "listIntegrationInstallationSpaces",
    method: "GET",
    path: `${base}/spaces`,
    params: installationPath,
    query: listInstallationSpacesParams,
    handler: (c) => installations.listIntegrationInstallationSpaces(c, c.params.integrationName, c.params.installationId, c.query),
  }),
  defineOperation({
    operationId: "getIntegrationSpaceInstallation",
    method: "GET",
    path: `${base}/spaces/{spaceId}`,
    params: spaceInstallationPath,
    query: extendedParams,
    handler: (c) => installations.getIntegrationSpaceInstallation(c, c.params.integrationName, c.params.installationId, c.params.spaceId, c.query),
  }),
  defineOperation({
    operationId: "updateIntegrationSpaceInstallation",
    method: "PATCH",
    path: `${base}/spaces/{spaceId}`,
    params: spaceInstallationPath,
    query: extendedParams,
    body: updateContentInstallationInput,
    handler: (c) => installations.updateIntegrationSpaceInstallation(c, c.params.integrationName, c.params.installationId, c.params.spaceId, c.body, c.query),
  }),
  defineOperation({
    operationId: "uninstallIntegrationFromSpace",
    method: "DELETE",
    path: `${base}/spaces/{spaceId}`,
    params: spaceInstallationPath,
    status: 204,
    handler: (c) => installations.uninstallIntegrationFromSpace(c, c.params.integrationName, c.params.installationId, c.params.spaceId),
  }),
  defineOperation({
    operationId: "listIntegrationSpaceInstallations",
    method: "GET",
    path: "/v1/integrations/{integrationName}/spaces",
    params: integrationPath,
    query: listContentInstallationsParams,
    handler: (c) => installations.listIntegrationSpaceInstallations(c, c.params.integrationName, c.query),
  }),

  // On sites
  defineOperation({
    operationId: "installIntegrationOnSite",
    method: "POST",
    path: `${base}/sites`,
    params: installationPath,
    query: extendedParams,
    body: installOnSiteInput,
    status: 201,
    handler: (c) => installations.installIntegrationOnSite(c, c.params.integrationName, c.params.installationId, c.body, c.query),
  }),
  defineOperation({
    operationId: "listIntegrationInstallationSites",
    method: "GET",
    path: `${base}/sites`,
    params: installationPath,
    query: listInstallationSpacesParams,
    handler: (c) => installations.listIntegrationInstallationSites(c, c.params.integrationName, c.params.installationId, c.query),
  }),
  defineOperation({
    operationId: "getIntegrationSiteInstallation",
    method: "GET",
    path: `${base}/sites/{siteId}`,
    params: siteInstallationPath,
    query: extendedParams,
    handler: (c) => installations.getIntegrationSiteInstallation(c, c.params.integrationName, c.params.installationId, c.params.siteId, c.query),
  }),
  defineOperation({
    operationId: "updateIntegrationSiteInstallation",
    method: "PATCH",
    path: `${base}/sites/{siteId}`,
    params: siteInstallationPath,
    query: extendedParams,
    body: updateContentInstallationInput,
    handler: (c) => installations.updateIntegrationSiteInstallation(c, c.params.integrationName, c.params.installationId, c.params.siteId, c.body, c.query),
  }),
  defineOperation({
    operationId: "uninstallIntegrationFromSite",
    method: "DELETE",
    path: `${base}/sites/{siteId}`,
    params: siteInstallationPath,
    status: 204,
    handler: (c) => installations.uninstallIntegrationFromSite(c, c.params.integrationName, c.params.installationId, c.params.siteId),
  }),
  defineOperation({
    operationId: "listIntegrationSiteInstallations",
    method: "GET",
    path: "/v1/integrations/{integrationName}/sites",
    params: integrationPath,
    query: listContentInstallationsParams,
    handler: (c) => installations.listIntegrationSiteInstallations(c, c.params.integrationName, c.query),
  }),

  // What is installed in an organization, a space, a site
  defineOperation({
    operationId: "listOrganizationInstallations",
    method: "GET",
    path: "/v1/orgs/{organizationId}/installations",
    params: organizationPath,
    query: listOrganizationInstallationsParams,
    handler: (c) => installations.listOrganizationInstallations(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "listSpaceIntegrations",
    method: "GET",
    path: "/v1/spaces/{spaceId}/integrations",
    params: z.object({ spaceId: entityIdSchema }),
    query: integrationSearchParams,
    handler: (c) => installations.listSpaceIntegrations(c, c.params.spaceId, c.query),
  }),
  defineOperation({
    operationId: "listSiteIntegrations",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/integrations",
    params: sitePath,
    query: integrationSearchParams,
    handler: (c) => installations.listSiteIntegrations(c, c.params.organizationId, c.params.siteId, c.query),
  }),
];
