import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { adminStatePath } from "./e2e/run-files";
import { removeDataFolder } from "./server/db/embedded-location";

/**
 * E2E tests run against the real production server (`npm start`) on a free port, with a fresh
 * embedded database in its own data folder, deleted afterwards.
 */

// Chosen once by the runner; its workers load this file again and inherit these through the environment.
if (!process.env.QUIRE_E2E_DATA_DIR) {
  const dataDir = `.data/e2e-${randomBytes(4).toString("hex")}`;
  process.env.QUIRE_E2E_DATA_DIR = dataDir;
  process.env.QUIRE_E2E_PORT = freePort();
  // The runner exits after the web server (and so its PostgreSQL) has stopped; a database relocated
  // out of a folder the postgres user cannot enter (see server/db/embedded-location.ts) goes too.
  process.on("exit", () => removeDataFolder(dataDir));
}
// The seeded admin the specs sign in as (read them from process.env).
process.env.QUIRE_ADMIN_EMAIL ||= "admin@example.com";
process.env.QUIRE_ADMIN_PASSWORD ||= "e2e-admin-password";

const port = process.env.QUIRE_E2E_PORT!;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  // Every spec makes the data it needs (an organization of its own, people of its own), so any two
  // tests may run at once: the two workers share even one file's tests (the axe walk's groups).
  fullyParallel: true,
  workers: 2,
  // Safety nets, not budgets: the longest test (ui-sites) takes 20-25 s while two workers, their
  // browsers, the server and PostgreSQL share the two cores with another suite, and 60 s when that
  // suite drives the load to 18. One that needs more is slow for a reason to find.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // The one the server prints PDFs with (server/pdf/browser.ts): Debian's headless shell.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // Signs the seeded admin in over HTTP once and makes their /v1 token (e2e/auth.setup.ts).
    { name: "setup", testMatch: /auth\.setup\.ts$/ },
    { name: "api", testMatch: /api-.*\.spec\.ts$/, testIgnore: /api-hostile-http\.spec\.ts$/, dependencies: ["setup"] },
    // Every page starts signed in as the seeded admin; other people sign in over HTTP into contexts of their own.
    { name: "ui", testMatch: /ui-.*\.spec\.ts$/, dependencies: ["setup"], use: { storageState: adminStatePath() } },
    // It measures the server's memory while refusing huge bodies: alone, after every other spec, so
    // that no other work on the same server (a PDF printing in its own thread) moves the figure.
    { name: "hostile-http", testMatch: /api-hostile-http\.spec\.ts$/, dependencies: ["api", "ui"], fullyParallel: false },
  ],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/health`,
    env: {
      PORT: port,
      QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR!,
      NEXTAUTH_URL: baseURL,
      // Background jobs run, as in production.
      QUIRE_DISABLE_JOBS: "",
      // Event deliveries reach the receivers specs start on the loopback address.
      QUIRE_FETCH_ALLOWLIST: "127.0.0.1",
    },
    // The first start on a fresh clone includes `next build`.
    timeout: 10 * 60_000,
    reuseExistingServer: false,
    // SIGTERM lets `npm start` stop Next.js and then PostgreSQL instead of being killed outright.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});

/** A free loopback port. The config is evaluated synchronously, so a short-lived Node process finds it. */
function freePort(): string {
  const script = `const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
}
