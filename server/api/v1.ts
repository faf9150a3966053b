import { auditOperations } from "./operations/audit";
import { changeRequestOperations } from "./operations/change-requests";
import { collectionOperations } from "./operations/collections";
import { commentOperations } from "./operations/comments";
import { contentOperations } from "./operations/content";
import { contentExtraOperations } from "./operations/content-extras";
import { importOperations } from "./operations/import";
import { integrationOperations } from "./operations/integrations";
import { integrationInstallationOperations } from "./operations/integration-installations";
import { integrationEventOperations } from "./operations/integration-events";
import { inviteOperations } from "./operations/invites";
import { linkOperations } from "./operations/links";
import { memberOperations } from "./operations/members";
import { notificationOperations } from "./operations/notifications";
import { organizationOperations } from "./operations/organizations";
import { permissionOperations } from "./operations/permissions";
import { reviewOperations } from "./operations/reviews";
import { searchOperations } from "./operations/search";
import { siteStructureOperations } from "./operations/site-structure";
import { sitePermissionOperations } from "./operations/site-permissions";
import { siteOperations } from "./operations/sites";
import { siteAdaptiveOperations } from "./operations/site-adaptive";
import { siteCustomizationOperations } from "./operations/site-customization";
import { customFontOperations } from "./operations/custom-fonts";
import { spaceOperations } from "./operations/spaces";
import { teamOperations } from "./operations/teams";
import { ssoOperations } from "./operations/sso";
import { userOperations } from "./operations/users";
import { siteShareLinkOperations } from "./operations/site-share-links";
import { sitePublishingAuthOperations } from "./operations/site-publishing-auth";
import { siteRedirectOperations } from "./operations/site-redirects";
import { sitePublishedOperations } from "./operations/site-published";
import { integrationTokenOperations } from "./operations/integration-tokens";
import { organizationEventOperations } from "./operations/organization-events";
import { webhookOperations } from "./operations/webhooks";
import { ApiRouter } from "./router";

/** Every /v1 operation Quire serves (exported so tests can walk them all). */
export const v1Operations = [
  ...organizationOperations,
  ...collectionOperations,
  ...spaceOperations,
  ...changeRequestOperations,
  ...reviewOperations,
  ...commentOperations,
  ...contentOperations,
  ...contentExtraOperations,
  ...importOperations,
  ...searchOperations,
  ...linkOperations,
  ...auditOperations,
  ...teamOperations,
  ...permissionOperations,
  ...ssoOperations,
  ...memberOperations,
  ...inviteOperations,
  ...userOperations,
  ...notificationOperations,
  ...siteStructureOperations,
  ...siteOperations,
  ...sitePermissionOperations,
  ...siteShareLinkOperations,
  ...sitePublishingAuthOperations,
  ...siteRedirectOperations,
  ...sitePublishedOperations,
  ...siteAdaptiveOperations,
  ...siteCustomizationOperations,
  ...customFontOperations,
  ...integrationOperations,
  ...integrationInstallationOperations,
  ...integrationTokenOperations,
  ...integrationEventOperations,
  ...webhookOperations,
  ...organizationEventOperations,
];

export const v1Router = new ApiRouter(v1Operations);
