import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "../server/auth/passwords";
import { readOwner } from "../server/db/embedded-lock";
import { newId } from "../server/ids";
import { adminApiToken, axe, colorScheme, liveHubListening, liveStreamOpen, screenshot, signedOut, signInOverHttp, trpcMutation, uniqueSuffix, withoutTransitions } from "./helpers";

/**
 * Live updates across two app servers on one PostgreSQL: Playwright's web server (server 1, with the
 * embedded PostgreSQL) and a second `npm start` started here on the same database (DATABASE_URL).
 * A is signed in on server 1, B on server 2; what B does through server 2 appears on A's open
 * screen without a reload — a new change request in the list, then the top bar's notification
 * count when B asks for A's review and when B merges what A approved — and the delays are measured
 * and logged. A and B are people of the spec's own, who sign in over HTTP.
 */

test.use(signedOut);

const dataDir = path.resolve(process.env.QUIRE_E2E_DATA_DIR!);
let second: ChildProcess | undefined;
let secondUrl = "";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const databaseUrl = readOwner(dataDir)?.url;
  expect(databaseUrl, "the web server's embedded PostgreSQL").toBeTruthy();
  const port = await freePort();
  secondUrl = `http://localhost:${port}`;
  second = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    // The same data folder: the same auth secret; DATABASE_URL: the first server's database, not one of its own.
    // Its job workers share the first server's queue, so they may deliver other specs' events: to those
    // specs' receivers on loopback, which the first server is allowed to reach (playwright.config.ts).
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      QUIRE_DATA_DIR: dataDir,
      NEXTAUTH_URL: secondUrl,
      QUIRE_DISABLE_JOBS: "",
      QUIRE_FETCH_ALLOWLIST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // `npm start` says on stdout when it serves (its server answered): wait for that line, or its end.
  await new Promise<void>((resolve, reject) => {
    let output = "";
    second!.stdout!.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString("utf8");
      if (output.includes(`Quire is ready at ${secondUrl}`)) resolve();
    });
    second!.once("exit", (code) => reject(new Error(`The second app server exited (${code}) before it was ready.`)));
  });
  expect((await fetch(`${secondUrl}/api/health`)).ok).toBe(true);
});

test.afterAll(async () => {
  if (!second || second.exitCode !== null) return;
  const exited = new Promise((resolve) => second!.once("exit", resolve));
  second.kill("SIGTERM");
  await exited;
});

/** No serious or critical axe-core violation in the top bar and the inbox (the screen under them is other specs' to check). */
async function expectAccessibleInbox(page: Page): Promise<void> {
  const results = await axe(page).include("header").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function call(request: APIRequestContext, base: string, token: string, method: "get" | "post", url: string, data?: unknown) {
  const response = await request[method](`${base}${url}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("what B does on the second app server appears on A's screen on the first, without a reload; A's notification leads to it", async ({ page, browser, request, baseURL }) => {
  const suffix = uniqueSuffix();
  const adminToken = adminApiToken();
  const organization = await call(request, baseURL!, adminToken, "post", "/v1/orgs", { title: `Live ${suffix}` });
  const space = await call(request, baseURL!, adminToken, "post", `/v1/orgs/${organization.id}/spaces`, { title: "Handbook" });
  const crs = `/v1/spaces/${space.id}/change-requests`;

  // A and B: two people of this spec's own, admins of the organization, with passwords (to sign in).
  // Not the seeded admin: other specs running meanwhile notify them, and A's unread count is counted here.
  const a = { email: `a-${suffix}@example.test`, name: `Ada ${suffix}`, password: `pw-${suffix}-long-enough` };
  const b = { email: `b-${suffix}@example.test`, name: `Bea ${suffix}`, password: `pw-${suffix}-long-enough` };
  const database = new pg.Client({ connectionString: readOwner(dataDir)!.url });
  await database.connect();
  const aId = newId();
  try {
    for (const [id, person] of [[aId, a], [newId(), b]] as const) {
      await database.query("INSERT INTO users (id, email, display_name, password_hash) VALUES ($1, $2, $3, $4)", [id, person.email, person.name, await hashPassword(person.password)]);
      await database.query("INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, 'admin')", [organization.id, id]);
    }
  } finally {
    await database.end();
  }
  // A signs in on server 1, B on server 2; each makes a token of their own (to act through /v1) with that session.
  await signInOverHttp(page.context(), a);
  const aToken = (await trpcMutation<{ token: string }>(page.context().request, "tokens.create", { name: "Live e2e" })).token;
  const contextB = await browser.newContext({ baseURL: secondUrl, ...signedOut });
  await signInOverHttp(contextB, b);
  const bToken = (await trpcMutation<{ token: string }>(contextB.request, "tokens.create", { name: "Live e2e" })).token;

  const listPath = `/o/${organization.id}/s/${space.id}/change-requests?status=draft`;
  await test.step("A on server 1 and B on server 2 open the space's change requests", async () => {
    // A's screen listens from here: the space's stream and the inbox's are open, and server 1 hears PostgreSQL.
    await Promise.all([liveStreamOpen(page, space.id), liveStreamOpen(page), page.goto(listPath)]);
    await liveHubListening(page);
    await expect(page.getByText("No change requests yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

    const pageB = await contextB.newPage();
    await pageB.goto(listPath);
    await expect(pageB.getByRole("heading", { name: "Change requests" })).toBeVisible();
  });

  const delays: Record<string, number> = {};
  let cr: { id: string; number: number } = { id: "", number: 0 };
  await test.step("B creates a change request through server 2: it appears in A's list", async () => {
    cr = await call(request, secondUrl, bToken, "post", crs, { subject: "Written by B" });
    const answered = Date.now();
    await expect(page.getByRole("link", { name: "#1 Written by B" })).toBeVisible({ timeout: 5_000 });
    delays["change request in A's list"] = Date.now() - answered;
  });

  await test.step("B asks for A's review through server 2: A's notification count goes up", async () => {
    await call(request, secondUrl, bToken, "post", `${crs}/${cr.id}/content`, { changes: [{ operation: "insert_page", title: "Welcome", document: { markdown: "Hello" } }] });
    await call(request, secondUrl, bToken, "post", `${crs}/${cr.id}/requested-reviewers`, { users: [aId] });
    const answered = Date.now();
    await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible({ timeout: 5_000 });
    delays["review request in A's notification count"] = Date.now() - answered;
  });

  await test.step("A approves on server 1, B merges on server 2: A, a reviewer, is notified", async () => {
    await call(request, baseURL!, aToken, "post", `${crs}/${cr.id}/reviews`, { status: "approved" });
    await call(request, secondUrl, bToken, "post", `${crs}/${cr.id}/merge`);
    const answered = Date.now();
    await expect(page.getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible({ timeout: 5_000 });
    delays["merge in A's notification count"] = Date.now() - answered;
  });

  await test.step("B mentions A in a comment on the space through server 2: A's notification count goes up", async () => {
    await call(request, secondUrl, bToken, "post", `/v1/spaces/${space.id}/comments`, { body: { markdown: `Welcome aboard, @[${a.name}](mention:${aId})` } });
    const answered = Date.now();
    await expect(page.getByRole("button", { name: "Notifications, 3 unread" })).toBeVisible({ timeout: 5_000 });
    delays["comment mentioning A in A's notification count"] = Date.now() - answered;
  });

  for (const [what, ms] of Object.entries(delays)) {
    console.log(`Live update delay, server 2 answer → ${what} on server 1: ${ms} ms`);
    test.info().annotations.push({ type: "live delay", description: `${what}: ${ms} ms` });
  }
  // The bound: within two seconds.
  for (const ms of Object.values(delays)) expect(ms).toBeLessThan(2_000);

  await test.step("A opens the inbox: who did what where, accessible, in light and dark; Escape returns to the bell", async () => {
    const bell = page.getByRole("button", { name: "Notifications, 3 unread" });
    await bell.click();
    const inbox = page.getByRole("dialog", { name: "Notifications" });
    const entries = inbox.getByRole("listitem").getByRole("link");
    await expect(entries).toHaveCount(3);
    await expect(inbox.getByRole("link", { name: "See all notifications" })).toBeVisible();
    await expect(entries.nth(0)).toContainText(`${b.name} mentioned you in Handbook`);
    await expect(entries.nth(0)).toContainText(`Welcome aboard, @${a.name}`);
    await expect(entries.nth(1)).toContainText(`${b.name} merged change request #1 “Written by B” in Handbook`);
    await expect(entries.nth(2)).toContainText(`${b.name} asked for your review of change request #1 “Written by B” in Handbook`);
    await expect(entries.nth(0)).toContainText("unread");
    await expectAccessibleInbox(page);
    await screenshot(page, "notifications-inbox-1280");
    // Colors switch at once (no transitions), once the app has followed the system's scheme.
    const restore = await withoutTransitions(page);
    await colorScheme(page, "dark");
    await screenshot(page, "notifications-inbox-dark-1280");
    await colorScheme(page, "light");
    await restore();
    await page.keyboard.press("Escape");
    await expect(inbox).toBeHidden();
    await expect(bell).toBeFocused();
  });

  await test.step("opening an entry leads to the change request and marks it read; then all are marked read", async () => {
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Notifications" }).getByRole("link").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/o/${organization.id}/s/${space.id}/change-requests/1$`));
    const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
    await bell.click();
    const inbox = page.getByRole("dialog", { name: "Notifications" });
    await expect(inbox.getByRole("link").nth(1)).not.toContainText("unread");
    await expect(inbox.getByRole("link").first()).toContainText("unread");
    await inbox.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await expect(inbox.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  await test.step("on a phone, the inbox fits the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "notifications-inbox-390");
    await expectAccessibleInbox(page);
  });

  await test.step("A turns on email notifications in the profile", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/settings/profile");
    const setting = page.getByRole("checkbox", { name: "Email me my notifications" });
    await expect(setting).not.toBeChecked();
    await setting.check();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Email me my notifications" })).toBeChecked();
    await page.getByRole("checkbox", { name: "Email me my notifications" }).uncheck();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  });
  await contextB.close();
});
