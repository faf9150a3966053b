import type { ServiceContext } from "../../context";
import { getContentInstallation } from "./get-content-installation";
import { installOnContent } from "./install-on-content";
import { listInstallationContent } from "./list-installation-content";
import { listIntegrationContent } from "./list-integration-content";
import { uninstallFromContent } from "./uninstall-from-content";
import { updateContentInstallation } from "./update-content-installation";
import type { ExtendedParams, ListContentInstallationsParams, ListInstallationSpacesParams, UpdateContentInstallationInput } from "./schemas";

/**
 * The installation services by the names /v1 and the tRPC router call (COMMON contract 5): the
 * organization installation's own (`<verb>-integration(-installation).ts`), the space and site ones
 * (`<verb>-content(-installation).ts`, written once for both) and the lists of what is installed where.
 */
export { getIntegrationInstallation } from "./get-integration-installation";
export { installIntegration } from "./install-integration";
export { listIntegrationInstallations } from "./list-integration-installations";
export { uninstallIntegration } from "./uninstall-integration";
export { updateIntegrationInstallation } from "./update-integration-installation";
export { listInstalledHere } from "./list-installed-here";
export { listOrganizationInstallations } from "./list-organization-installations";
export { listSiteIntegrations } from "./list-site-integrations";
export { listSpaceIntegrations } from "./list-space-integrations";
export { validateConfiguration } from "../configuration";

type Extended = Partial<ExtendedParams>;

export const installIntegrationOnSpace = (ctx: ServiceContext, name: string, installationId: string, body: { space: string }, query: Extended = {}) =>
  installOnContent(ctx, "space", name, installationId, body.space, query.extended);
export const listIntegrationInstallationSpaces = (ctx: ServiceContext, name: string, installationId: string, query: ListInstallationSpacesParams) =>
  listInstallationContent(ctx, "space", name, installationId, query);
export const getIntegrationSpaceInstallation = (ctx: ServiceContext, name: string, installationId: string, spaceId: string, query: Extended = {}) =>
  getContentInstallation(ctx, "space", name, installationId, spaceId, query.extended);
export const updateIntegrationSpaceInstallation = (ctx: ServiceContext, name: string, installationId: string, spaceId: string, body: UpdateContentInstallationInput, query: Extended = {}) =>
  updateContentInstallation(ctx, "space", name, installationId, spaceId, body, query.extended);
export const uninstallIntegrationFromSpace = (ctx: ServiceContext, name: string, installationId: string, spaceId: string) =>
  uninstallFromContent(ctx, "space", name, installationId, spaceId);
export const listIntegrationSpaceInstallations = (ctx: ServiceContext, name: string, query: ListContentInstallationsParams) => listIntegrationContent(ctx, "space", name, query);

export const installIntegrationOnSite = (ctx: ServiceContext, name: string, installationId: string, body: { siteId: string }, query: Extended = {}) =>
  installOnContent(ctx, "site", name, installationId, body.siteId, query.extended);
export const listIntegrationInstallationSites = (ctx: ServiceContext, name: string, installationId: string, query: ListInstallationSpacesParams) =>
  listInstallationContent(ctx, "site", name, installationId, query);
export const getIntegrationSiteInstallation = (ctx: ServiceContext, name: string, installationId: string, siteId: string, query: Extended = {}) =>
  getContentInstallation(ctx, "site", name, installationId, siteId, query.extended);
export const updateIntegrationSiteInstallation = (ctx: ServiceContext, name: string, installationId: string, siteId: string, body: UpdateContentInstallationInput, query: Extended = {}) =>
  updateContentInstallation(ctx, "site", name, installationId, siteId, body, query.extended);
export const uninstallIntegrationFromSite = (ctx: ServiceContext, name: string, installationId: string, siteId: string) =>
  uninstallFromContent(ctx, "site", name, installationId, siteId);
export const listIntegrationSiteInstallations = (ctx: ServiceContext, name: string, query: ListContentInstallationsParams) => listIntegrationContent(ctx, "site", name, query);
