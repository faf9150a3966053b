import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { cliToken, seededAdmin, signInOverHttp } from "./helpers";
import { adminStatePath, adminTokenPath } from "./run-files";

/**
 * Once per run, before the specs: the seeded admin signs in over HTTP (not through the form, which
 * e2e/ui-settings.spec.ts and e2e/ui-sign-in-lock.spec.ts drive), and the session's cookies become
 * the browser state every UI spec starts from; a /v1 token made by `npm run token` (the documented
 * way) serves the specs' setup through the API.
 */
setup("the seeded admin signs in over HTTP; the session and a /v1 token are kept for the specs", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await signInOverHttp(request, seededAdmin);
  await request.storageState({ path: adminStatePath() });
  await request.dispose();
  writeFileSync(adminTokenPath(), cliToken(seededAdmin.email) + "\n", { mode: 0o600 });
});
