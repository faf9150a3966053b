import { entityIdSchema } from "../../ids";
import * as installations from "../../integrations/installations";
import { getContentInstallation } from "../../integrations/installations/get-content-installation";
import { installOnContent } from "../../integrations/installations/install-on-content";
import { listInstallationContent } from "../../integrations/installations/list-installation-content";
import { listIntegrationContent } from "../../integrations/installations/list-integration-content";
import { uninstallFromContent } from "../../integrations/installations/uninstall-from-content";
import { updateContentInstallation } from "../../integrations/installations/update-content-installation";
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
import { presentIntegration } from "../../presenters/integration";
import { presentContentInstallation, presentInstallation } from "../../presenters/integration-installation";
import { defineOperation } from "../operation";
import { z } from "zod";

const base = "/v1/integrations/{integrationName}/installations/{installationId}";

/** The six operations of installations on spaces, or on sites: the same but for their names, paths and install body. */
function contentInstallationOperations(Kind: "Space" | "Site") {
  const kind = Kind === "Space" ? "space" : "site";
  const s = Kind === "Space" ? { path: spaceInstallationPath, install: installOnSpaceInput } : { path: siteInstallationPath, install: installOnSiteInput };
  const one = `${base}/${kind}s/{${kind}Id}`;
  type One = { integrationName: string; installationId: string } & ({ spaceId: string } | { siteId: string });
  const idOf = (params: One) => ("spaceId" in params ? params.spaceId : params.siteId);
  return [
    defineOperation({
      operationId: `installIntegrationOn${Kind}`,
      method: "POST",
      path: `${base}/${kind}s`,
      params: installationPath,
      query: extendedParams,
      body: s.install as z.ZodType<{ space: string } | { siteId: string }>,
      status: 201,
      handler: async (c) => presentContentInstallation(await installOnContent(c, kind, c.params.integrationName, c.params.installationId, "space" in c.body ? c.body.space : c.body.siteId, c.query.extended), c.urls),
    }),
    defineOperation({
      operationId: `listIntegrationInstallation${Kind}s`,
      method: "GET",
      path: `${base}/${kind}s`,
      params: installationPath,
      query: listInstallationSpacesParams,
      handler: async (c) => {
        const page = await listInstallationContent(c, kind, c.params.integrationName, c.params.installationId, c.query);
        return { ...page, items: page.items.map((record) => presentContentInstallation(record, c.urls)) };
      },
    }),
    defineOperation({
      operationId: `getIntegration${Kind}Installation`,
      method: "GET",
      path: one,
      params: s.path as z.ZodType<One>,
      query: extendedParams,
      handler: async (c) => presentContentInstallation(await getContentInstallation(c, kind, c.params.integrationName, c.params.installationId, idOf(c.params), c.query.extended), c.urls),
    }),
    defineOperation({
      operationId: `updateIntegration${Kind}Installation`,
      method: "PATCH",
      path: one,
      params: s.path as z.ZodType<One>,
      query: extendedParams,
      body: updateContentInstallationInput,
      handler: async (c) => presentContentInstallation(await updateContentInstallation(c, kind, c.params.integrationName, c.params.installationId, idOf(c.params), c.body, c.query.extended), c.urls),
    }),
    defineOperation({
      operationId: `uninstallIntegrationFrom${Kind}`,
      method: "DELETE",
      path: one,
      params: s.path as z.ZodType<One>,
      status: 204,
      handler: (c) => uninstallFromContent(c, kind, c.params.integrationName, c.params.installationId, idOf(c.params)),
    }),
    defineOperation({
      operationId: `listIntegration${Kind}Installations`,
      method: "GET",
      path: `/v1/integrations/{integrationName}/${kind}s`,
      params: integrationPath,
      query: listContentInstallationsParams,
      handler: async (c) => {
        const page = await listIntegrationContent(c, kind, c.params.integrationName, c.query);
        return { ...page, items: page.items.map((record) => presentContentInstallation(record, c.urls)) };
      },
    }),
  ];
}

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
    handler: async (c) => {
      const page = await installations.listIntegrationInstallations(c, c.params.integrationName, c.query);
      return { ...page, items: page.items.map((installation) => presentInstallation(installation, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "installIntegration",
    method: "POST",
    path: "/v1/integrations/{integrationName}/installations",
    params: integrationPath,
    body: installIntegrationInput,
    status: 201,
    handler: async (c) => presentInstallation(await installations.installIntegration(c, c.params.integrationName, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getIntegrationInstallationById",
    method: "GET",
    path: base,
    params: installationPath,
    handler: async (c) => presentInstallation(await installations.getIntegrationInstallation(c, c.params.integrationName, c.params.installationId), c.urls),
  }),
  defineOperation({
    operationId: "updateIntegrationInstallation",
    method: "PATCH",
    path: base,
    params: installationPath,
    body: updateInstallationInput,
    handler: async (c) => presentInstallation(await installations.updateIntegrationInstallation(c, c.params.integrationName, c.params.installationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "uninstallIntegration",
    method: "DELETE",
    path: base,
    params: installationPath,
    status: 204,
    handler: (c) => installations.uninstallIntegration(c, c.params.integrationName, c.params.installationId),
  }),

  ...contentInstallationOperations("Space"),
  ...contentInstallationOperations("Site"),

  // What is installed in an organization, a space, a site
  defineOperation({
    operationId: "listOrganizationInstallations",
    method: "GET",
    path: "/v1/orgs/{organizationId}/installations",
    params: organizationPath,
    query: listOrganizationInstallationsParams,
    handler: async (c) => {
      const page = await installations.listOrganizationInstallations(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((item) => ({ installation: presentInstallation(item.installation, c.urls), integration: presentIntegration(item.integration, c.urls) })) };
    },
  }),
  defineOperation({
    operationId: "listSpaceIntegrations",
    method: "GET",
    path: "/v1/spaces/{spaceId}/integrations",
    params: z.object({ spaceId: entityIdSchema }),
    query: integrationSearchParams,
    handler: async (c) => {
      const list = await installations.listSpaceIntegrations(c, c.params.spaceId, c.query);
      return { ...list, items: list.items.map((integration) => presentIntegration(integration, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "listSiteIntegrations",
    method: "GET",
    path: "/v1/orgs/{organizationId}/sites/{siteId}/integrations",
    params: sitePath,
    query: integrationSearchParams,
    handler: async (c) => {
      const list = await installations.listSiteIntegrations(c, c.params.organizationId, c.params.siteId, c.query);
      return { ...list, items: list.items.map((integration) => presentIntegration(integration, c.urls)) };
    },
  }),
];
