import { expect, test, type Page } from "@playwright/test";
import { axe, createOrganizationOverApi, joinThroughLinkInvite, screenshot, signedOut, signInOverHttp, trpcMutation, uniqueSuffix } from "./helpers";

/**
 * A person changes their password on their profile: a wrong current password is refused beside its
 * field; the change keeps this browser signed in, signs out every other browser, and only the new
 * password signs in afterwards (through the sign-in form, which is what the person meets). Asked
 * to, it also revokes the person's API tokens.
 */

// The person, not the seeded admin, is signed in here.
test.use(signedOut);

/** Signs in with the login form on screen, as the person would. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("changing one's password keeps this browser signed in, ends the other sessions and, asked to, the API tokens", async ({ page, browser, request }) => {
  const suffix = uniqueSuffix();
  const organizationId = await createOrganizationOverApi(request, `Password ${suffix}`);
  const person = { email: `robin-${suffix}@example.test`, password: `old-${suffix}-password` };
  await joinThroughLinkInvite(request, organizationId, "read", { ...person, displayName: `Robin ${suffix}` });

  // Signed in twice: this browser and another one.
  await signInOverHttp(page.context(), person);
  const elsewhere = await browser.newContext(signedOut);
  const otherBrowser = await elsewhere.newPage();
  await signInOverHttp(elsewhere, person);

  const { token } = await trpcMutation<{ token: string }>(page.context().request, "tokens.create", { name: "Deploy script" });
  const apiUser = () => page.context().request.get("/v1/user", { headers: { Authorization: `Bearer ${token}` } });
  expect((await apiUser()).status()).toBe(200);

  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { name: "Password" })).toBeVisible();
  await expect(page.getByText("Your API tokens keep working unless you revoke them too.")).toBeVisible();
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(`new-${suffix}-password`);
  await page.getByLabel("Confirm the new password").fill(`new-${suffix}-password`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("this is not your current password")).toBeVisible();

  await page.getByLabel("Current password", { exact: true }).fill(person.password);
  await page.getByLabel("Also revoke my API tokens").check();
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed, and your API tokens revoked." })).toBeVisible();
  expect((await apiUser()).status()).toBe(401);
  await screenshot(page, "profile-password-1280");

  // This browser signed in again with the new password; the other one was signed out.
  await page.goto(`/o/${organizationId}`);
  await expect(page).not.toHaveURL(/\/login/);
  await otherBrowser.goto(`/o/${organizationId}`);
  await expect(otherBrowser).toHaveURL(/\/login/);

  await signInWithForm(otherBrowser, person.email, person.password);
  await expect(otherBrowser.getByText("Incorrect email or password")).toBeVisible();
  await signInWithForm(otherBrowser, person.email, `new-${suffix}-password`);
  await expect(otherBrowser).not.toHaveURL(/\/login/);
  await elsewhere.close();
});
