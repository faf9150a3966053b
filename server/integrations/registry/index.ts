/** The integration registry (COMMON contract 5): an integration as a published thing. /v1 and tRPC call these. */
export { getIntegration, getIntegrationDeveloperSettings, listIntegrations, listOrganizationIntegrations } from "./queries";
export { publishIntegration } from "./publish";
export { disableIntegrationDevelopmentMode } from "./disable-integration-development-mode";
export { regenerateIntegrationToken } from "./regenerate-integration-token";
export { setIntegrationDevelopmentMode } from "./set-integration-development-mode";
export { unpublishIntegration } from "./unpublish-integration";
export { developmentModeInput, listIntegrationsQuery, publishIntegrationInput, type DevelopmentModeInput, type ListIntegrationsQuery, type PublishIntegrationInput } from "./schemas";
