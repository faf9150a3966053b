import { router } from "./init";
import { changeRequestsRouter } from "./routers/change-requests";
import { contentRouter } from "./routers/content";
import { importsRouter } from "./routers/imports";
import { organizationsRouter } from "./routers/organizations";
import { settingsRouter } from "./routers/settings";
import { ssoRouter } from "./routers/sso";
import { tokensRouter } from "./routers/tokens";

/** The admin UI's API: procedures call the same service functions as /v1. */
export const appRouter = router({
  organizations: organizationsRouter,
  content: contentRouter,
  imports: importsRouter,
  settings: settingsRouter,
  tokens: tokensRouter,
  changeRequests: changeRequestsRouter,
  sso: ssoRouter,
});

export type AppRouter = typeof appRouter;
