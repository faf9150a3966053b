import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminApiToken, seededAdmin, signedOut } from "./helpers";

/** Sign-in, space settings and API tokens, driven through the browser like a user would. */

const adminEmail = seededAdmin.email;

test.use({ viewport: { width: 1280, height: 900 } });

test.describe("the sign-in form", () => {
  // Its subject is signing in: these start signed out (the others as the seeded admin, signed in over HTTP).
  test.use(signedOut);

  test("a wrong password shows the error and keeps the user on the sign-in page", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill("not-the-password");
    // Submitting with the keyboard: Enter in the password field.
    await page.getByLabel("Password").press("Enter");
    await expect(page.getByText("Incorrect email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Password")).toBeEnabled();
  });

  test("signing in lands in the app and honours the callback URL", async ({ page }) => {
    await page.goto("/login?callbackUrl=%2Fsettings%2Ftokens");
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill(seededAdmin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/tokens$/);
    await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  });
});

test("space settings: title, visibility and default level persist across a reload", async ({ page, request }) => {
  // The seeded organization gets a space of this test's own, so parallel specs cannot disturb it.
  const headers = { Authorization: `Bearer ${adminApiToken()}` };
  const orgs = await (await request.get("/v1/orgs", { headers })).json();
  const demo = orgs.items.find((org: { title: string }) => org.title === "Demo organization");
  expect(demo).toBeDefined();
  const created = await request.post(`/v1/orgs/${demo.id}/spaces`, { headers, data: { title: "Settings e2e" } });
  expect(created.status()).toBe(201);
  const space = await created.json();

  await page.goto(`/o/${demo.id}/s/${space.id}`);
  const form = page.getByRole("form", { name: "Settings" });
  await expect(form.getByLabel("Title")).toHaveValue("Settings e2e");
  // in-collection is only offered for a space inside a collection; this one is at the root.
  await expect(form.getByRole("radio", { name: /^Same as collection/ })).toHaveCount(0);

  const title = `Renamed ${randomBytes(3).toString("hex")}`;
  await form.getByLabel("Title").fill(title);
  await form.getByRole("radio", { name: /^Public/ }).check();
  await form.getByLabel("Default access").selectOption("comment");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Settings saved")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The sidebar's tree shows the new title without a reload.
  await expect(page.getByRole("tree", { name: "Content" }).getByText(title)).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByRole("radio", { name: /^Public/ })).toBeChecked();
  await expect(form.getByLabel("Default access")).toHaveValue("comment");
  const stored = await (await request.get(`/v1/spaces/${space.id}`, { headers })).json();
  expect(stored).toMatchObject({ title, visibility: "public", defaultLevel: "comment" });

  // A bound the server enforces is reported next to the form, and nothing is saved.
  await form.getByLabel("Title").fill("   ");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("A space needs a title.")).toBeVisible();
  expect((await (await request.get(`/v1/spaces/${space.id}`, { headers })).json()).title).toBe(title);

  // Discarded, nothing is left unsaved to warn about on leaving.
  await form.getByRole("button", { name: "Discard" }).click();
  const missing = await page.goto(`/o/${demo.id}/s/no-such-space`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
});

test("API tokens: created, shown once, usable, then revoked", async ({ page, request }) => {
  await page.goto("/settings/tokens");
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  await expect(page.getByText(/curl -H "Authorization: Bearer <token>" http:\/\/.+\/v1\/user/)).toBeVisible();

  const name = `E2E ${randomBytes(3).toString("hex")}`;
  await page.getByRole("button", { name: "Create token" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create token" }).click();
  await expect(dialog.getByText("You won't see it again")).toBeVisible();
  const token = (await dialog.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^qr_/);
  await dialog.getByRole("button", { name: "Done" }).click();

  // Listed by name and prefix only: the plain token is gone from the page.
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(`${token.slice(0, 9)}…`);
  await expect(row).toContainText("Never used");
  await expect(page.getByText(token)).toHaveCount(0);

  const withToken = { headers: { Authorization: `Bearer ${token}` } };
  const me = await request.get("/v1/user", withToken);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: adminEmail });

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get("/v1/user", withToken)).status()).toBe(401);
});
