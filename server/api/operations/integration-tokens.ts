import { installationPath } from "../../integrations/installations/schemas";
import { createIntegrationInstallationToken } from "../../integrations/tokens/mint";
import { defineOperation } from "../operation";

export const integrationTokenOperations = [
  defineOperation({
    operationId: "createIntegrationInstallationToken",
    method: "POST",
    path: "/v1/integrations/{integrationName}/installations/{installationId}/tokens",
    params: installationPath,
    handler: (c) => createIntegrationInstallationToken(c, c.params.integrationName, c.params.installationId),
  }),
];
