import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The admin seeded by `npm start` (playwright.config.ts sets both variables for the web server and the specs). */
export const seededAdmin = {
  email: process.env.QUIRE_ADMIN_EMAIL || "admin@example.com",
  password: process.env.QUIRE_ADMIN_PASSWORD || "",
};

/** Signs in through the login form, as a person would, and waits for the first signed-in page. */
export async function signIn(page: Page, credentials: { email: string; password: string } = seededAdmin): Promise<void> {
  expect(credentials.password, "QUIRE_ADMIN_PASSWORD must be set for browser tests").not.toBe("");
  await page.goto("/login");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
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
 * Screenshots of what is on screen, light and dark, at the laptop, tablet and phone widths
 * (`<name>-<width>-<scheme>`), each after `check` (e.g. axe-core) when given; ends light at the laptop width.
 */
export async function screenshotsAcross(page: Page, name: string, check?: (page: Page) => Promise<void>): Promise<void> {
  for (const [width, height] of [[1280, 900], [768, 1024], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Buttons ease into the new theme's colors (transition-colors): the picture waits for them.
      await page.waitForTimeout(300);
      if (check) await check(page);
      await screenshot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
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

/** An organization of its own (so runs never see each other's data) with one space; returns the space's address. */
export async function createSpace(page: Page, organization: string, space: string): Promise<string> {
  await createOrganization(page, organization);
  await sidebar(page).getByRole("button", { name: "New space" }).click();
  const spaceDialog = page.getByRole("dialog", { name: "New space" });
  await spaceDialog.getByLabel("Title").fill(space);
  await spaceDialog.getByRole("button", { name: "Create space" }).click();
  await expect(page).toHaveURL(/\/o\/[^/]+\/s\/[^/]+$/);
  return new URL(page.url()).pathname;
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

/** A /v1 token of the seeded admin, made by `npm run token` on the web server's database (call once per spec, in beforeAll). */
export function adminApiToken(): string {
  // Same data folder as the web server, so the command uses its running database.
  const token = execFileSync("npm", ["run", "--silent", "token", "--", process.env.QUIRE_ADMIN_EMAIL!], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  });
  return token.trim();
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

/** Fails on any serious or critical axe-core violation of the page as it is. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Headers for /v1 with a token of the seeded admin. */
export function adminApiHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${adminApiToken()}` };
}
