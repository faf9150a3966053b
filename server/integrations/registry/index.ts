/** The integration registry (COMMON contract 5): an integration as a published thing. /v1 and tRPC call these. */
export { getIntegration, getIntegrationDeveloperSettings, listIntegrations, listOrganizationIntegrations } from "./queries";
export { publishIntegration } from "./publish";
export { disableIntegrationDevelopmentMode, regenerateIntegrationToken, setIntegrationDevelopmentMode, unpublishIntegration } from "./manage";
export { developmentModeInput, listIntegrationsQuery, publishIntegrationInput, type DevelopmentModeInput, type ListIntegrationsQuery, type PublishIntegrationInput } from "./schemas";
