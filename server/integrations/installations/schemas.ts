import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { integrationPath } from "../registry/schemas";

export { integrationPath };

/** Input schemas of the installation operations, shared by /v1 and tRPC; bounds follow the reference. */

const selectionSchema = z.enum(["all", "selected"]);
/** Bounded here; its content is checked against the integration's schema (server/integrations/configuration.ts). */
const configurationSchema = z.record(z.string().max(100), z.unknown());
/** The reference's IntegrationInstallationExternalIds: at most 5. */
const externalIdsSchema = z.array(z.string().min(1).max(200)).max(5);
const queryBoolean = z.stringbool({ truthy: ["true"], falsy: ["false"] });

export const installationPath = integrationPath.extend({ installationId: entityIdSchema });
export const spaceInstallationPath = installationPath.extend({ spaceId: entityIdSchema });
export const siteInstallationPath = installationPath.extend({ siteId: entityIdSchema });

/**
 * installIntegration: the reference's OrganizationTarget `{ organization }` (an id). Quire also takes
 * the installation's first selection and configuration, so that one call installs and sets up.
 */
export const installIntegrationInput = z
  .object({
    organization: entityIdSchema,
    space_selection: selectionSchema.optional(),
    site_selection: selectionSchema.optional(),
    configuration: configurationSchema.optional(),
  })
  .strict();
export type InstallIntegrationInput = z.infer<typeof installIntegrationInput>;

export const updateInstallationInput = z
  .object({
    externalIds: externalIdsSchema.optional(),
    configuration: configurationSchema.optional(),
    space_selection: selectionSchema.optional(),
    site_selection: selectionSchema.optional(),
  })
  .strict();
export type UpdateInstallationInput = z.infer<typeof updateInstallationInput>;

export const updateContentInstallationInput = z.object({ externalIds: externalIdsSchema.optional(), configuration: configurationSchema.optional() }).strict();
export type UpdateContentInstallationInput = z.infer<typeof updateContentInstallationInput>;

export const installOnSpaceInput = z.object({ space: entityIdSchema }).strict();
export const installOnSiteInput = z.object({ siteId: entityIdSchema }).strict();

export const extendedParams = z.object({ extended: queryBoolean.default(false) });
export type ExtendedParams = z.infer<typeof extendedParams>;

export const listInstallationsParams = listParams.extend({ externalId: z.string().max(200).optional() });
export type ListInstallationsParams = z.infer<typeof listInstallationsParams>;

export const listContentInstallationsParams = listInstallationsParams.extend(extendedParams.shape);
export type ListContentInstallationsParams = z.infer<typeof listContentInstallationsParams>;

export const listInstallationSpacesParams = listParams.extend(extendedParams.shape);
export type ListInstallationSpacesParams = z.infer<typeof listInstallationSpacesParams>;

/** The reference's integrationSearchQuery: a piece of the integration's name or title. */
export const integrationSearchParams = z.object({ search: z.string().max(100).optional() });
export type IntegrationSearchParams = z.infer<typeof integrationSearchParams>;

export const listOrganizationInstallationsParams = listParams.extend(integrationSearchParams.shape);
export type ListOrganizationInstallationsParams = z.infer<typeof listOrganizationInstallationsParams>;
