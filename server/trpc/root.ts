import { router } from "./init";
import { auditRouter } from "./routers/audit";
import { changeRequestsRouter } from "./routers/change-requests";
import { commentsRouter } from "./routers/comments";
import { contentRouter } from "./routers/content";
import { historyRouter } from "./routers/history";
import { importsRouter } from "./routers/imports";
import { liveEditsRouter } from "./routers/live-edits";
import { integrationsRouter } from "./routers/integrations";
import { invitesRouter } from "./routers/invites";
import { membersRouter } from "./routers/members";
import { mergeRulesRouter } from "./routers/merge-rules";
import { notificationsRouter } from "./routers/notifications";
import { organizationsRouter } from "./routers/organizations";
import { profileRouter } from "./routers/profile";
import { reviewsRouter } from "./routers/reviews";
import { searchRouter } from "./routers/search";
import { settingsRouter } from "./routers/settings";
import { siteAdaptiveRouter } from "./routers/site-adaptive";
import { siteCustomizationRouter } from "./routers/site-customization";
import { siteInsightsRouter } from "./routers/site-insights";
import { customFontsRouter } from "./routers/custom-fonts";
import { siteStructureRouter } from "./routers/site-structure";
import { sharingRouter } from "./routers/sharing";
import { sitesRouter } from "./routers/sites";
import { siteAccessRouter } from "./routers/site-access";
import { siteRedirectsRouter } from "./routers/site-redirects";
import { ssoRouter } from "./routers/sso";
import { teamsRouter } from "./routers/teams";
import { tokensRouter } from "./routers/tokens";
import { webhooksRouter } from "./routers/webhooks";

/** The admin UI's API: procedures call the same service functions as /v1. */
export const appRouter = router({
  organizations: organizationsRouter,
  content: contentRouter,
  imports: importsRouter,
  liveEdits: liveEditsRouter,
  settings: settingsRouter,
  tokens: tokensRouter,
  changeRequests: changeRequestsRouter,
  comments: commentsRouter,
  teams: teamsRouter,
  sharing: sharingRouter,
  audit: auditRouter,
  sso: ssoRouter,
  members: membersRouter,
  invites: invitesRouter,
  profile: profileRouter,
  search: searchRouter,
  history: historyRouter,
  reviews: reviewsRouter,
  mergeRules: mergeRulesRouter,
  notifications: notificationsRouter,
  siteStructure: siteStructureRouter,
  sites: sitesRouter,
  siteAccess: siteAccessRouter,
  siteRedirects: siteRedirectsRouter,
  siteAdaptive: siteAdaptiveRouter,
  siteCustomization: siteCustomizationRouter,
  siteInsights: siteInsightsRouter,
  customFonts: customFontsRouter,
  integrations: integrationsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
