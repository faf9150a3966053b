import { createIntegrationInstallationToken, installationTokenPath } from "../../integrations/tokens/mint";
import { defineOperation } from "../operation";

export const integrationTokenOperations = [
  defineOperation({
    operationId: "createIntegrationInstallationToken",
    method: "POST",
    path: "/v1/integrations/{integrationName}/installations/{installationId}/tokens",
    params: installationTokenPath,
    handler: (c) => createIntegrationInstallationToken(c, c.params.integrationName, c.params.installationId),
  }),
];
