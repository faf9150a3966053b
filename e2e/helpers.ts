import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";

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

export const sidebar = (page: Page) => page.getByRole("complementary", { name: "Organization navigation" });

/** Creates an organization through the switcher's menu and waits until it is the current one. */
export async function createOrganization(page: Page, title: string): Promise<void> {
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

/** Waits for the editor's autosave of the edit just made (it starts a second after the last change). */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: "Saving…" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
}

/** Headers for /v1 with a token of the seeded admin, obtained as a user gets one (`npm run token`) against the web server's database. */
export function adminApiHeaders(): Record<string, string> {
  const token = execFileSync("npm", ["run", "--silent", "token", "--", process.env.QUIRE_ADMIN_EMAIL!], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  });
  return { Authorization: `Bearer ${token.trim()}` };
}
