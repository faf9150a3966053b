import { BODY_LIMITS } from "../../http/read-body";
import {
  disableIntegrationDevelopmentMode,
  getIntegration,
  listIntegrations,
  listOrganizationIntegrations,
  publishIntegration,
  setIntegrationDevelopmentMode,
  unpublishIntegration,
} from "../../integrations/registry";
import { developmentModeInput, integrationPath, listIntegrationsQuery, organizationIntegrationsPath, publishIntegrationInput } from "../../integrations/registry/schemas";
import { presentIntegration, presentPublishedIntegration } from "../../presenters/integration";
import { defineOperation } from "../operation";

/**
 * The reference's integration registry operations. Quire adds one field to `publishIntegration`:
 * `endpoint`, the http(s) URL the integration receives its events at while development mode is
 * off (docs/events.md). The first publish of a name also answers `token` and `signingSecret`, once.
 */
export const integrationOperations = [
  defineOperation({
    operationId: "listIntegrations",
    method: "GET",
    path: "/v1/integrations",
    query: listIntegrationsQuery,
    handler: async (c) => {
      const page = await listIntegrations(c, c.query);
      return { ...page, items: page.items.map((integration) => presentIntegration(integration, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "listOrganizationIntegrations",
    method: "GET",
    path: "/v1/orgs/{organizationId}/integrations",
    params: organizationIntegrationsPath,
    query: listIntegrationsQuery,
    handler: async (c) => {
      const page = await listOrganizationIntegrations(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((integration) => presentIntegration(integration, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "getIntegrationByName",
    method: "GET",
    path: "/v1/integrations/{integrationName}",
    params: integrationPath,
    handler: async (c) => presentIntegration(await getIntegration(c, c.params.integrationName), c.urls),
  }),
  defineOperation({
    operationId: "publishIntegration",
    method: "POST",
    path: "/v1/integrations/{integrationName}",
    params: integrationPath,
    body: publishIntegrationInput,
    // Its icon and preview images come base64-encoded in the body.
    bodyLimit: BODY_LIMITS.integrationPublish,
    handler: async (c) => presentPublishedIntegration(await publishIntegration(c, c.params.integrationName, c.body), c.urls),
  }),
  defineOperation({
    operationId: "unpublishIntegration",
    method: "DELETE",
    path: "/v1/integrations/{integrationName}",
    params: integrationPath,
    status: 205,
    statusOf: (result: { removed: boolean }) => (result.removed ? 205 : 204),
    handler: (c) => unpublishIntegration(c, c.params.integrationName),
  }),
  defineOperation({
    operationId: "setIntegrationDevelopmentMode",
    method: "PUT",
    path: "/v1/integrations/{integrationName}/dev",
    params: integrationPath,
    body: developmentModeInput,
    status: 204,
    handler: (c) => setIntegrationDevelopmentMode(c, c.params.integrationName, c.body),
  }),
  defineOperation({
    operationId: "disableIntegrationDevelopmentMode",
    method: "DELETE",
    path: "/v1/integrations/{integrationName}/dev",
    params: integrationPath,
    // The reference answers 205 here.
    status: 205,
    handler: (c) => disableIntegrationDevelopmentMode(c, c.params.integrationName),
  }),
];
