import { router } from "./init";
import { contentRouter } from "./routers/content";
import { organizationsRouter } from "./routers/organizations";
import { settingsRouter } from "./routers/settings";
import { tokensRouter } from "./routers/tokens";

/** The admin UI's API: procedures call the same service functions as /v1. */
export const appRouter = router({
  organizations: organizationsRouter,
  content: contentRouter,
  settings: settingsRouter,
  tokens: tokensRouter,
});

export type AppRouter = typeof appRouter;
