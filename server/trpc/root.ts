import { router } from "./init";
import { changeRequestsRouter } from "./routers/change-requests";
import { contentRouter } from "./routers/content";
import { importsRouter } from "./routers/imports";
import { invitesRouter } from "./routers/invites";
import { membersRouter } from "./routers/members";
import { organizationsRouter } from "./routers/organizations";
import { profileRouter } from "./routers/profile";
import { settingsRouter } from "./routers/settings";
import { tokensRouter } from "./routers/tokens";

/** The admin UI's API: procedures call the same service functions as /v1. */
export const appRouter = router({
  organizations: organizationsRouter,
  content: contentRouter,
  imports: importsRouter,
  settings: settingsRouter,
  tokens: tokensRouter,
  changeRequests: changeRequestsRouter,
  members: membersRouter,
  invites: invitesRouter,
  profile: profileRouter,
});

export type AppRouter = typeof appRouter;
