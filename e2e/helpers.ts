import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { adminTokenPath } from "./run-files";

/** The admin seeded by `npm start` (playwright.config.ts sets both variables for the web server and the specs). */
export const seededAdmin = {
  email: process.env.QUIRE_ADMIN_EMAIL || "admin@example.com",
  password: process.env.QUIRE_ADMIN_PASSWORD || "",
};

export type Credentials = { email: string; password: string };

/** A browser context's options for nobody signed in (the UI projects' contexts start as the seeded admin). */
export const signedOut = { storageState: { cookies: [], origins: [] } };

/**
 * Signs in over HTTP as the sign-in form does (next-auth's credentials provider: a CSRF token, then
 * the form's fields posted to its callback), without the form: the session cookie lands in `target`'s
 * cookie jar (a browser context's is its pages'). Fails with next-auth's reason when refused.
 */
export async function signInOverHttp(target: BrowserContext | APIRequestContext, credentials: Credentials = seededAdmin): Promise<void> {
  expect(credentials.password, "QUIRE_ADMIN_PASSWORD must be set for browser tests").not.toBe("");
  const request = "request" in target ? target.request : target;
  const csrf = await request.get("/api/auth/csrf");
  expect(csrf.ok(), `GET /api/auth/csrf: ${csrf.status()}`).toBe(true);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: credentials.email, password: credentials.password, callbackUrl: "/", json: "true" },
    maxRedirects: 0,
  });
  // next-auth answers a redirect, to the callback URL or to the sign-in page with `?error=` (the form shows that error).
  const location = answer.headers()["location"] ?? ((await answer.json().catch(() => ({}))) as { url?: string }).url ?? "";
  expect(new URL(location, "http://e2e").searchParams.get("error"), `signing in as ${credentials.email}`).toBeNull();
  const session = (await (await request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email, `the session of ${credentials.email}`).toBe(credentials.email.toLowerCase());
}

/** A new browser context (with a page) signed in over HTTP as `credentials`: a second person of a spec. */
export async function signedInPage(browser: Browser, credentials: Credentials, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, ...signedOut });
  await signInOverHttp(context, credentials);
  return context.newPage();
}

/** A suffix that keeps names of one run apart from the data of earlier runs on the same database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Saves a screenshot under test-results/screens, for people to look at (not compared). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/**
 * Turns off CSS transitions and animations on the page as it is (until it navigates): a color
 * scheme switched, the page shows and axe-core reads the new theme's colors at once, rather than
 * buttons easing into them (transition-colors). Returns the undoing.
 */
export async function withoutTransitions(page: Page): Promise<() => Promise<void>> {
  const style = await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }",
  });
  return async () => {
    await style.evaluate((element) => (element as Element).remove()).catch(() => {});
  };
}

/** Switches the system's color scheme and waits until the app follows it (the `dark` class on <html>). */
export async function colorScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/**
 * Screenshots of what is on screen, light and dark, at the laptop and phone widths (1280 and 390 px)
 * (`<name>-<width>-<scheme>`), each after `check` (e.g. axe-core) when given; ends light at the laptop width.
 */
export async function screenshotsAcross(page: Page, name: string, check?: (page: Page) => Promise<void>): Promise<void> {
  const restore = await withoutTransitions(page);
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await colorScheme(page, scheme);
      if (check) await check(page);
      await screenshot(page, `${name}-${width}-${scheme}`);
    }
  }
  await colorScheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
  await restore();
}

export const sidebar = (page: Page) => page.getByRole("complementary", { name: "Organization navigation" });

/** Creates an organization through the switcher's menu and waits until it is the current one. */
export async function createOrganization(page: Page, title: string): Promise<void> {
  // The switcher's first load must have answered: an invalidation while a query's first fetch is
  // in flight reuses that fetch (TanStack Query), whose list would lack the new organization.
  await expect(page.getByRole("button", { name: /^Organization/ })).not.toContainText("Loading…");
  await page.getByRole("button", { name: /^Organization/ }).click();
  await page.getByRole("menuitem", { name: "Create organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Create organization" });
  await dialog.getByLabel("Name").fill(title);
  await dialog.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("button", { name: `Organization: ${title}` })).toBeVisible();
}

/**
 * An organization of its own (so runs never see each other's data) with one space, made through
 * /v1 as the seeded admin: setup for specs whose subject is not making them (ui-content drives the
 * organization switcher and the New space dialog).
 */
export async function createSpaceOverApi(request: APIRequestContext, organization: string, space: string): Promise<{ organizationId: string; spaceId: string; spacePath: string }> {
  const token = adminApiToken();
  const { id: organizationId } = (await v1(request, token, "post", "/v1/orgs", { title: organization })) as { id: string };
  const { id: spaceId } = (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: space })) as { id: string };
  return { organizationId, spaceId, spacePath: `/o/${organizationId}/s/${spaceId}` };
}

/** An organization of its own, made through /v1 as the seeded admin; its id. */
export async function createOrganizationOverApi(request: APIRequestContext, title: string): Promise<string> {
  return ((await v1(request, adminApiToken(), "post", "/v1/orgs", { title })) as { id: string }).id;
}

/**
 * A new person in `organizationId` with `role` (null: a guest), who joins through a link invite as a
 * person would (the invite page's own call, without a session: signed in, it would join the caller).
 */
export async function joinThroughLinkInvite(
  request: APIRequestContext,
  organizationId: string,
  role: string | null,
  person: { email: string; password: string; displayName: string },
): Promise<void> {
  const invite = (await v1(request, adminApiToken(), "post", `/v1/orgs/${organizationId}/link-invites`, { role })) as { url: string };
  const anonymous = await playwrightRequest.newContext(signedOut);
  try {
    const joined = await anonymous.post(`/api/invites/${new URL(invite.url).pathname.split("/").pop()}`, { data: person });
    expect(joined.ok(), `joining as ${person.email}: ${await joined.text()}`).toBe(true);
  } finally {
    await anonymous.dispose();
  }
}

/** Keeps the text of every notice the page shows: each element added to a status or alert region. */
function keepNotices() {
  const page = window as unknown as { quireNotices?: string[] };
  if (page.quireNotices) return;
  const notices: string[] = (page.quireNotices = []);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.parentElement?.matches('[role="status"], [role="alert"]')) notices.push(node.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * From now on, every notice `page` shows (the app's toasts: gone after 4 s, errors 9 s) is kept, so
 * that expectNotice finds it however long the spec took to look. Call before the page is opened.
 */
export async function keepNoticesOf(page: Page): Promise<void> {
  await page.addInitScript(keepNotices);
  await page.evaluate(keepNotices);
}

/** Waits until `page` has shown a notice containing `text` (once per notice: the same one shown twice is expected twice). */
export async function expectNotice(page: Page, text: string): Promise<void> {
  const taken = () =>
    page.evaluate((wanted) => {
      const notices = (window as unknown as { quireNotices?: string[] }).quireNotices;
      if (!notices) throw new Error("Notices are not kept on this page: call keepNoticesOf(page) before opening it.");
      const index = notices.findIndex((notice) => notice.includes(wanted));
      if (index >= 0) notices.splice(index, 1);
      return index >= 0;
    }, text);
  await expect.poll(taken, { message: `the notice “${text}”` }).toBe(true);
}

/** The change request editor's source mode: the page's markdown, written in a textarea. */
export async function writeMarkdown(page: Page, markdown: string): Promise<void> {
  await page.getByRole("button", { name: "Markdown", exact: true }).click();
  await page.getByLabel("Page content (markdown)").fill(markdown);
}

/**
 * Waits for the editor's autosave of the edit just made (it starts a second after the last change).
 * "Saved" shows only once nothing is left unsaved; "Saving…" may already be gone when this looks.
 */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

/** A /v1 token of the seeded admin, made by `npm run token` on the web server's database. */
export function cliToken(email: string = seededAdmin.email): string {
  // Same data folder as the web server, so the command uses its running database.
  const token = execFileSync("npm", ["run", "--silent", "token", "--", email], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  });
  return token.trim();
}

/** The seeded admin's /v1 token that e2e/auth.setup.ts made once for the run (with `npm run token`). */
export function adminApiToken(): string {
  return readFileSync(adminTokenPath(), "utf8").trim();
}

/** Calls /v1 with a token, as an API client would, and expects success. */
export async function v1(request: APIRequestContext, token: string, method: "get" | "post", path: string, data?: unknown) {
  const response = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Writes pages to a space through a /v1 change request that is then merged; returns the created pages' ids, in order. */
export async function publishThroughApi(request: APIRequestContext, token: string, spaceId: string, subject: string, changes: unknown[]): Promise<string[]> {
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const changeRequest = (await v1(request, token, "post", crs, { subject })) as { id: string };
  const applied = (await v1(request, token, "post", `${crs}/${changeRequest.id}/content?compat=false`, { changes })) as { changes: { object: string; page?: { id: string } }[] };
  await v1(request, token, "post", `${crs}/${changeRequest.id}/merge`);
  return applied.changes.flatMap((change) => (change.object === "created_page" && change.page ? [change.page.id] : []));
}

/** A tRPC mutation over HTTP with `request`'s session (a browser context's `request` has its pages' cookies). */
export async function trpcMutation<T = unknown>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/**
 * Waits until `page`'s live stream of a space (the space's screens open `/api/live?space=`) or, without
 * `spaceId`, its inbox stream (the bell's `/api/live`) is open: the stream subscribes to the server's
 * hub before it answers, so from its answer on, the page hears what the hub hears (see liveHubListening).
 * Call it with the navigation that opens the stream: `await Promise.all([liveStreamOpen(page, id), page.goto(…)])`.
 */
export async function liveStreamOpen(page: Page, spaceId?: string): Promise<void> {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === "/api/live" && url.searchParams.get("space") === (spaceId ?? null);
  });
  expect(response.status(), `the live stream ${response.url()}`).toBe(200);
}

/**
 * Waits until the live hub of `page`'s server LISTENs to PostgreSQL (one connection per server,
 * opened by its first stream): every stream says ": listening" once it does; one is opened here with
 * the page's session and read until then. Streams are limited per user and server, so use it with a
 * person of the spec's own rather than the seeded admin, whom every spec running meanwhile signs in.
 */
export async function liveHubListening(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cookie = (await page.context().cookies(origin)).map(({ name, value }) => `${name}=${value}`).join("; ");
  const controller = new AbortController();
  const stream = await fetch(`${origin}/api/live`, { headers: { cookie }, signal: controller.signal });
  expect(stream.status, `GET ${origin}/api/live`).toBe(200);
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  try {
    while (!received.includes(": listening")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`The live stream ended before its server listened: ${JSON.stringify(received)}`);
      received += decoder.decode(value, { stream: true });
    }
  } finally {
    controller.abort();
  }
}

/**
 * An axe-core run of `page`. A page without frames (Quire's screens have none) is checked by axe.run
 * within it ("legacy mode"): the same rules and results in a third of the time of the default, whose
 * axe.runPartial in each frame and axe.finishRun in a new blank page exist to reach cross-origin frames.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** Fails on any serious or critical axe-core violation of the page as it is. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await axe(page).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Headers for /v1 with a token of the seeded admin. */
export function adminApiHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${adminApiToken()}` };
}
