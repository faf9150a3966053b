import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { screenshot, seededAdmin, signIn, uniqueSuffix } from "./helpers";

/**
 * A person changes their password on their profile: a wrong current password is refused beside its
 * field; the change keeps this browser signed in, signs out every other browser, and only the new
 * password signs in afterwards.
 */

const env = { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR };
const cliToken = () => execFileSync("npm", ["run", "--silent", "token", "--", seededAdmin.email], { encoding: "utf8", env }).trim();

test("changing one's password keeps this browser signed in and ends the other sessions", async ({ page, browser, request, baseURL }) => {
  const suffix = uniqueSuffix();
  const orgs = await request.get(`${baseURL}/v1/orgs`, { headers: { Authorization: `Bearer ${cliToken()}` } });
  const organizationId = (await orgs.json()).items[0].id as string;
  const person = { email: `robin-${suffix}@example.test`, password: `old-${suffix}-password` };
  execFileSync("node_modules/.bin/tsx", ["e2e/fixtures/add-member.ts", organizationId, person.email, person.password, "read"], { encoding: "utf8", env });

  await signIn(page, person);
  const elsewhere = await browser.newContext();
  const otherBrowser = await elsewhere.newPage();
  await signIn(otherBrowser, person);

  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { name: "Password" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(`new-${suffix}-password`);
  await page.getByLabel("Confirm the new password").fill(`new-${suffix}-password`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("this is not your current password")).toBeVisible();

  await page.getByLabel("Current password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();
  await screenshot(page, "profile-password-1280");

  // This browser signed in again with the new password; the other one was signed out.
  await page.goto(`/o/${organizationId}`);
  await expect(page).not.toHaveURL(/\/login/);
  await otherBrowser.goto(`/o/${organizationId}`);
  await expect(otherBrowser).toHaveURL(/\/login/);

  await otherBrowser.getByLabel("Email").fill(person.email);
  await otherBrowser.getByLabel("Password").fill(person.password);
  await otherBrowser.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(otherBrowser.getByText("Incorrect email or password")).toBeVisible();
  await signIn(otherBrowser, { email: person.email, password: `new-${suffix}-password` });
  await elsewhere.close();
});
