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
import { presentInstalledHere, presentIntegration } from "../../presenters/integration";
import { presentContentInstallation, presentInstallation } from "../../presenters/integration-installation";
import { presentIntegrationEvent, presentIntegrationEventWithTrace } from "../../presenters/integration-event";
import { eventUrls } from "../../http/urls";
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
    .query(async ({ ctx, input: { organizationId, cursor, ...query } }) => {
      const list = await listOrganizationIntegrations(ctx, organizationId, { ...query, page: cursor ?? undefined });
      return { ...list, items: list.items.map((integration) => presentIntegration(integration, ctx.urls)) };
    }),
  get: protectedProcedure.input(integrationInput).query(async ({ ctx, input }) => presentIntegration(await getIntegration(ctx, input.integrationName), ctx.urls)),
  developerSettings: protectedProcedure.input(integrationInput).query(({ ctx, input }) => getIntegrationDeveloperSettings(ctx, input.integrationName)),
  setDevelopmentMode: protectedProcedure
    .input(integrationInput.extend(developmentModeInput.shape))
    .mutation(({ ctx, input: { integrationName, ...body } }) => setIntegrationDevelopmentMode(ctx, integrationName, body)),
  disableDevelopmentMode: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => disableIntegrationDevelopmentMode(ctx, input.integrationName)),
  regenerateToken: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => regenerateIntegrationToken(ctx, input.integrationName)),

  // Installations: the organization's, and an installation's spaces and sites with their configurations.
  organizationInstallations: protectedProcedure
    .input(organizationPath.extend({ ...page, ...integrationSearchParams.shape }))
    .query(async ({ ctx, input: { organizationId, search, ...rest } }) => {
      const list = await listOrganizationInstallations(ctx, organizationId, { ...pageOf(rest), search });
      return { ...list, items: list.items.map((item) => ({ installation: presentInstallation(item.installation, ctx.urls), integration: presentIntegration(item.integration, ctx.urls) })) };
    }),
  install: protectedProcedure
    .input(integrationInput.extend(installIntegrationInput.omit({ organization: true }).shape).extend(organizationPath.shape))
    .mutation(async ({ ctx, input: { integrationName, organizationId, ...body } }) => presentInstallation(await installIntegration(ctx, integrationName, { organization: organizationId, ...body }), ctx.urls)),
  getInstallation: protectedProcedure.input(installationPath).query(async ({ ctx, input }) => presentInstallation(await getIntegrationInstallation(ctx, input.integrationName, input.installationId), ctx.urls)),
  updateInstallation: protectedProcedure
    .input(installationPath.extend(updateInstallationInput.shape))
    .mutation(async ({ ctx, input: { integrationName, installationId, ...body } }) => presentInstallation(await updateIntegrationInstallation(ctx, integrationName, installationId, body), ctx.urls)),
  uninstall: protectedProcedure.input(installationPath).mutation(({ ctx, input }) => uninstallIntegration(ctx, input.integrationName, input.installationId)),

  installationSpaces: protectedProcedure
    .input(installationPath.extend(page))
    .query(async ({ ctx, input: { integrationName, installationId, ...rest } }) => {
      const list = await listIntegrationInstallationSpaces(ctx, integrationName, installationId, { ...pageOf(rest), extended: false });
      return { ...list, items: list.items.map((record) => presentContentInstallation(record, ctx.urls)) };
    }),
  installOnSpace: protectedProcedure
    .input(spaceInstallationPath)
    .mutation(async ({ ctx, input }) => presentContentInstallation(await installIntegrationOnSpace(ctx, input.integrationName, input.installationId, { space: input.spaceId }), ctx.urls)),
  updateSpaceInstallation: protectedProcedure
    .input(spaceInstallationPath.extend(updateContentInstallationInput.shape))
    .mutation(async ({ ctx, input: { integrationName, installationId, spaceId, ...body } }) => presentContentInstallation(await updateIntegrationSpaceInstallation(ctx, integrationName, installationId, spaceId, body), ctx.urls)),
  uninstallFromSpace: protectedProcedure
    .input(spaceInstallationPath)
    .mutation(({ ctx, input }) => uninstallIntegrationFromSpace(ctx, input.integrationName, input.installationId, input.spaceId)),

  installationSites: protectedProcedure
    .input(installationPath.extend(page))
    .query(async ({ ctx, input: { integrationName, installationId, ...rest } }) => {
      const list = await listIntegrationInstallationSites(ctx, integrationName, installationId, { ...pageOf(rest), extended: false });
      return { ...list, items: list.items.map((record) => presentContentInstallation(record, ctx.urls)) };
    }),
  installOnSite: protectedProcedure
    .input(siteInstallationPath)
    .mutation(async ({ ctx, input }) => presentContentInstallation(await installIntegrationOnSite(ctx, input.integrationName, input.installationId, { siteId: input.siteId }), ctx.urls)),
  updateSiteInstallation: protectedProcedure
    .input(siteInstallationPath.extend(updateContentInstallationInput.shape))
    .mutation(async ({ ctx, input: { integrationName, installationId, siteId, ...body } }) => presentContentInstallation(await updateIntegrationSiteInstallation(ctx, integrationName, installationId, siteId, body), ctx.urls)),
  uninstallFromSite: protectedProcedure
    .input(siteInstallationPath)
    .mutation(({ ctx, input }) => uninstallIntegrationFromSite(ctx, input.integrationName, input.installationId, input.siteId)),

  // The integration's event log (its own admins'): each delivery with its trace, and sending again.
  // Payloads as the integration received them: on the events' URLs (eventUrls), not the request's.
  events: protectedProcedure.input(integrationInput.extend(page)).query(async ({ ctx, input: { integrationName, ...rest } }) => {
    const list = await listIntegrationEvents(ctx, integrationName, pageOf(rest));
    return { ...list, items: list.items.map((delivery) => presentIntegrationEvent(delivery, eventUrls())) };
  }),
  event: protectedProcedure
    .input(integrationInput.extend({ eventId: integrationEventIdSchema }))
    .query(async ({ ctx, input }) => presentIntegrationEventWithTrace(await getIntegrationEvent(ctx, input.integrationName, input.eventId), eventUrls())),
  redeliver: protectedProcedure.input(z.object({ deliveryId: integrationEventIdSchema })).mutation(({ ctx, input }) => redeliverEvent(ctx, input.deliveryId)),
  redeliverFailed: protectedProcedure.input(integrationInput).mutation(({ ctx, input }) => redeliverFailedEvents(ctx, { integrationName: input.integrationName })),

  // What is installed on a space or a site, pending and paused installations included: its Integrations tab.
  spaceIntegrations: protectedProcedure
    .input(z.object({ spaceId: entityIdSchema }))
    .query(async ({ ctx, input }) => presentInstalledHere(await listInstalledHere(ctx, { kind: "space", spaceId: input.spaceId }), ctx.urls)),
  siteIntegrations: protectedProcedure.input(sitePath).query(async ({ ctx, input }) => presentInstalledHere(await listInstalledHere(ctx, { kind: "site", ...input }), ctx.urls)),
});
