import { z } from "zod";
import { entityIdSchema } from "../../ids";
import {
  disableIntegrationDevelopmentMode,
  getIntegration,
  getIntegrationDeveloperSettings,
  listIntegrationsQuery,
  listOrganizationIntegrations,
  regenerateIntegrationToken,
  setIntegrationDevelopmentMode,
  developmentModeInput,
} from "../../integrations/registry";
import {
  getIntegrationInstallation,
  installIntegration,
  installIntegrationOnSite,
  installIntegrationOnSpace,
  listIntegrationInstallationSites,
  listIntegrationInstallationSpaces,
  listOrganizationInstallations,
  listInstalledHere,
  uninstallIntegration,
  uninstallIntegrationFromSite,
  uninstallIntegrationFromSpace,
  updateIntegrationInstallation,
  updateIntegrationSiteInstallation,
  updateIntegrationSpaceInstallation,
} from "../../integrations/installations";
import {
  installationPath,
  installIntegrationInput,
  integrationSearchParams,
  siteInstallationPath,
  spaceInstallationPath,
  updateContentInstallationInput,
  updateInstallationInput,
} from "../../integrations/installations/schemas";
import { getIntegrationEvent } from "../../integrations/events/get-integration-event";
import { listIntegrationEvents } from "../../integrations/events/list-integration-events";
import { integrationEventIdSchema } from "../../integrations/events/log";
import { redeliverEvent } from "../../integrations/events/redeliver-event";
import { redeliverFailedEvents } from "../../integrations/events/redeliver-failed-events";
import { integrationPath } from "../../integrations/registry/schemas";
import { trpcListLimit } from "../../pagination";
import { organizationPath, sitePath } from "../../sites/schemas";
import { protectedProcedure, router } from "../init";

const integrationInput = integrationPath;
/** `cursor` is the list's `page` cursor, named as TanStack's infinite queries expect. */
const page = { cursor: z.string().max(200).nullish(), ...trpcListLimit };
const pageOf = ({ cursor, limit }: { cursor?: string | null; limit: number }) => ({ page: cursor ?? undefined, limit });

/** The Integrations area of the admin UI: each procedure is one service call of /v1's integration operations, answering the same objects. */
export const integrationsRouter = router({
  // The registry: the organization's catalog, one integration, its development settings and token.
  catalog: protectedProcedure
    .input(organizationPath.extend({ ...page, search: listIntegrationsQuery.shape.search, category: listIntegrationsQuery.shape.category }))
    .query(({ ctx, input: { organizationId, cursor, ...query } }) => listOrganizationIntegrations(ctx, organizationId, { ...query, page: cursor ?? undefined })),
  get: protectedProcedure.input(integrationInput).query(({ ctx, input }) => getIntegration(ctx, input.integrationName)),
  developerSettings: protectedProcedure.input(integrationInput).query(({ ctx, input }) => getIntegrationDeveloperSettings(ctx, input.integrationName)),
  setDevelopmentMode: protectedProcedure
    .input(integrationInput.extend(developmentModeInput.shape))
    .mutation(({ ctx, input: { integrationName, ...body } }) => setIntegrationDevelopmentMode(ctx, integrationName, body)),
  disableDevelopmentMode: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => disableIntegrationDevelopmentMode(ctx, input.integrationName)),
  regenerateToken: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => regenerateIntegrationToken(ctx, input.integrationName)),

  // Installations: the organization's, and an installation's spaces and sites with their configurations.
  organizationInstallations: protectedProcedure
    .input(organizationPath.extend({ ...page, ...integrationSearchParams.shape }))
    .query(({ ctx, input: { organizationId, search, ...rest } }) => listOrganizationInstallations(ctx, organizationId, { ...pageOf(rest), search })),
  install: protectedProcedure
    .input(integrationInput.extend(installIntegrationInput.omit({ organization: true }).shape).extend(organizationPath.shape))
    .mutation(({ ctx, input: { integrationName, organizationId, ...body } }) => installIntegration(ctx, integrationName, { organization: organizationId, ...body })),
  getInstallation: protectedProcedure.input(installationPath).query(({ ctx, input }) => getIntegrationInstallation(ctx, input.integrationName, input.installationId)),
  updateInstallation: protectedProcedure
    .input(installationPath.extend(updateInstallationInput.shape))
    .mutation(({ ctx, input: { integrationName, installationId, ...body } }) => updateIntegrationInstallation(ctx, integrationName, installationId, body)),
  uninstall: protectedProcedure.input(installationPath).mutation(({ ctx, input }) => uninstallIntegration(ctx, input.integrationName, input.installationId)),

  installationSpaces: protectedProcedure
    .input(installationPath.extend(page))
    .query(({ ctx, input: { integrationName, installationId, ...rest } }) => listIntegrationInstallationSpaces(ctx, integrationName, installationId, { ...pageOf(rest), extended: false })),
  installOnSpace: protectedProcedure
    .input(spaceInstallationPath)
    .mutation(({ ctx, input }) => installIntegrationOnSpace(ctx, input.integrationName, input.installationId, { space: input.spaceId })),
  updateSpaceInstallation: protectedProcedure
    .input(spaceInstallationPath.extend(updateContentInstallationInput.shape))
    .mutation(({ ctx, input: { integrationName, installationId, spaceId, ...body } }) => updateIntegrationSpaceInstallation(ctx, integrationName, installationId, spaceId, body)),
  uninstallFromSpace: protectedProcedure
    .input(spaceInstallationPath)
    .mutation(({ ctx, input }) => uninstallIntegrationFromSpace(ctx, input.integrationName, input.installationId, input.spaceId)),

  installationSites: protectedProcedure
    .input(installationPath.extend(page))
    .query(({ ctx, input: { integrationName, installationId, ...rest } }) => listIntegrationInstallationSites(ctx, integrationName, installationId, { ...pageOf(rest), extended: false })),
  installOnSite: protectedProcedure
    .input(siteInstallationPath)
    .mutation(({ ctx, input }) => installIntegrationOnSite(ctx, input.integrationName, input.installationId, { siteId: input.siteId })),
  updateSiteInstallation: protectedProcedure
    .input(siteInstallationPath.extend(updateContentInstallationInput.shape))
    .mutation(({ ctx, input: { integrationName, installationId, siteId, ...body } }) => updateIntegrationSiteInstallation(ctx, integrationName, installationId, siteId, body)),
  uninstallFromSite: protectedProcedure
    .input(siteInstallationPath)
    .mutation(({ ctx, input }) => uninstallIntegrationFromSite(ctx, input.integrationName, input.installationId, input.siteId)),

  // The integration's event log (its own admins'): each delivery with its trace, and sending again.
  events: protectedProcedure
    .input(integrationInput.extend(page))
    .query(({ ctx, input: { integrationName, ...rest } }) => listIntegrationEvents(ctx, integrationName, pageOf(rest))),
  event: protectedProcedure
    .input(integrationInput.extend({ eventId: integrationEventIdSchema }))
    .query(({ ctx, input }) => getIntegrationEvent(ctx, input.integrationName, input.eventId)),
  redeliver: protectedProcedure.input(z.object({ deliveryId: integrationEventIdSchema })).mutation(({ ctx, input }) => redeliverEvent(ctx, input.deliveryId)),
  redeliverFailed: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => redeliverFailedEvents(ctx, { integrationName: input.integrationName })),

  // What is installed on a space or a site, pending and paused installations included: its Integrations tab.
  spaceIntegrations: protectedProcedure.input(z.object({ spaceId: entityIdSchema })).query(({ ctx, input }) => listInstalledHere(ctx, { kind: "space", spaceId: input.spaceId })),
  siteIntegrations: protectedProcedure.input(sitePath).query(({ ctx, input }) => listInstalledHere(ctx, { kind: "site", ...input })),
});
