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
import { integrationNameSchema } from "../../integrations/registry/schemas";
import { trpcListLimit } from "../../pagination";
import { organizationPath, sitePath } from "../../sites/schemas";
import { protectedProcedure, router } from "../init";

const integrationInput = z.object({ integrationName: integrationNameSchema });
/** `cursor` is the list's `page` cursor, named as TanStack's infinite queries expect. */
const page = { cursor: z.string().max(200).nullish(), ...trpcListLimit };

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
});
