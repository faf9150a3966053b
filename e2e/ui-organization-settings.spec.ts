import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  adminApiToken,
  createSpaceOverApi,
  expectNoSeriousAxeViolations,
  joinThroughLinkInvite,
  publishThroughApi,
  screenshotsAcross,
  sidebar,
  signInOverHttp,
  signedOut,
  uniqueSuffix,
  v1,
} from "./helpers";

/**
 * The organization settings page as its admin uses it: renaming, an uploaded logo and the default
 * role; deleting the organization (its name typed), which takes its published site offline at once,
 * and restoring it from the organization switcher; and on the Members page, avatars, addresses that
 * wrap only at sensible points, and an admin resetting a member's password and signing them out.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** A 48×48 PNG image: an indigo disc on white. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAh0lEQVR42u3YwQ2AMAwEwauOL/0XkDrgTyBYEXEuaC0XME97dZiNAAGaA9q3EtkMUJDSzdJQSgdLOZq4STmUOEvJmleT8jVt0zqgoZqGSbM0T6YVQGmaW5M9KFlTmwABAgQIEKC/gTg/CifsJyC7r4NHcdHf3rF+OPYh04Lm2BhNKyzhHNBlTk0rjAfZJUDrAAAAAElFTkSuQmCC",
  "base64",
);

const organizationButton = (page: Page) => page.getByRole("button", { name: /^Organization/ });

test("an admin renames the organization, uploads its logo and sets its default role", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { organizationId } = await createSpaceOverApi(request, `Settings ${suffix}`, "Handbook");
  await page.goto(`/o/${organizationId}`);
  await sidebar(page).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Organization settings" })).toBeVisible();

  const general = page.getByRole("form", { name: "General" });
  await general.getByLabel("Name").fill(`Renamed ${suffix}`);
  await general.getByLabel("Upload an image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(general.getByLabel("Logo URL")).toHaveValue(new RegExp(`/api/orgs/${organizationId}/files/\\w+$`));
  await general.getByLabel("Default role").selectOption({ label: "Edit" });
  await general.getByRole("button", { name: "Save changes" }).click();
  await expect(general.getByRole("status")).toHaveText("Settings saved");
  await expect(organizationButton(page)).toHaveText(`Renamed ${suffix}`);

  // Saved: as it is after a reload, the uploaded logo served by Quire.
  await page.reload();
  await expect(general.getByLabel("Name")).toHaveValue(`Renamed ${suffix}`);
  await expect(general.getByLabel("Default role")).toHaveValue("edit");
  const logo = await general.getByLabel("Logo URL").inputValue();
  expect((await request.get(new URL(logo).pathname)).headers()["content-type"]).toBe("image/png");
  await screenshotsAcross(page, "organization-settings", expectNoSeriousAxeViolations);
});

/** A published site of the organization, showing the space; its address. */
async function publishSite(request: APIRequestContext, organizationId: string, spaceId: string, suffix: string): Promise<string> {
  const token = adminApiToken();
  await publishThroughApi(request, token, spaceId, "Welcome", [{ operation: "insert_page", title: "Welcome", document: { markdown: "Hello readers.\n" } }]);
  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: `Docs ${suffix}`, spaces: [spaceId] })) as { id: string };
  const base = `/v1/orgs/${organizationId}/sites/${site.id}`;
  const basename = `deleted-org-${suffix}`;
  expect((await request.patch(base, { headers: { Authorization: `Bearer ${token}` }, data: { basename } })).ok()).toBe(true);
  await v1(request, token, "post", `${base}/publish`);
  return `/${basename}`;
}

test("deleting an organization takes its typed name and its site offline at once; its admin restores it from the switcher", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const title = `Doomed ${suffix}`;
  const { organizationId, spaceId } = await createSpaceOverApi(request, title, "Handbook");
  const site = await publishSite(request, organizationId, spaceId, suffix);
  expect((await request.get(site)).status()).toBe(200);

  await page.goto(`/o/${organizationId}/settings`);
  await page.getByRole("button", { name: "Delete organization" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${title}?` });
  const confirm = dialog.getByRole("button", { name: "Delete organization" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${title} to confirm`).fill("Doomed");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${title} to confirm`).fill(title);
  await screenshotsAcross(page, "organization-delete", expectNoSeriousAxeViolations);
  await confirm.click();
  // Gone: home is another organization of the admin's.
  await expect(page).not.toHaveURL(new RegExp(organizationId));
  await expect(organizationButton(page)).not.toHaveText(title);

  // The site answers as a missing one (the deletion reaches the site cache at commit).
  await expect.poll(async () => (await request.get(site)).status()).toBe(404);
  const missing = await request.get(`/no-site-${suffix}`);
  expect((await (await request.get(site)).text()).replaceAll(site.slice(1), "")).not.toContain(`Docs ${suffix}`);
  expect(missing.status()).toBe(404);
  expect((await request.get(`/v1/orgs/${organizationId}`, { headers: { Authorization: `Bearer ${adminApiToken()}` } })).status()).toBe(404);

  await organizationButton(page).click();
  await page.getByRole("menuitem", { name: `Restore ${title} (restorable for 7 days)` }).click();
  await expect(page).toHaveURL(new RegExp(`/o/${organizationId}$`));
  await expect(organizationButton(page)).toHaveText(title);
  await expect.poll(async () => (await request.get(site)).status()).toBe(200);
});

test("the members table shows avatars and whole addresses; an admin resets a member's password and signs them out everywhere", async ({ page, request, browser }) => {
  const suffix = uniqueSuffix();
  const { organizationId } = await createSpaceOverApi(request, `Members ${suffix}`, "Handbook");
  const person = { email: `samantha.longname-${suffix}@engineering.example.com`, password: `pw-${suffix}-long-enough`, displayName: `Samantha Longname ${suffix}` };
  await joinThroughLinkInvite(request, organizationId, "edit", person);

  await page.goto(`/o/${organizationId}/people`);
  const row = page.getByRole("row").filter({ hasText: person.displayName });
  await expect(row.getByTitle(person.email)).toHaveText(person.email);
  await screenshotsAcross(page, "members-table", expectNoSeriousAxeViolations);

  await row.getByRole("button", { name: `Account of ${person.displayName}` }).click();
  await page.getByRole("menuitem", { name: "Reset password" }).click();
  const reset = page.getByRole("dialog", { name: `Reset the password of ${person.displayName}?` });
  await reset.getByRole("button", { name: "Reset password" }).click();
  // This server sends no mail: the new password is shown to the admin, once.
  const shown = reset.getByLabel(`New password of ${person.displayName}`);
  await expect(shown).toHaveValue(/^\S{12,}$/);
  const password = await shown.inputValue();
  await expectNoSeriousAxeViolations(page);
  await reset.getByRole("button", { name: "Done" }).click();

  // The new password signs them in; the old one no longer does.
  const theirs = await browser.newContext(signedOut);
  await expect(signInOverHttp(theirs, { email: person.email, password: person.password })).rejects.toThrow();
  await signInOverHttp(theirs, { email: person.email, password });
  expect((await theirs.request.get("/api/trpc/organizations.me")).ok()).toBe(true);

  await row.getByRole("button", { name: `Account of ${person.displayName}` }).click();
  await page.getByRole("menuitem", { name: "Sign out everywhere" }).click();
  await page.getByRole("dialog", { name: `Sign ${person.displayName} out everywhere?` }).getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect.poll(async () => (await theirs.request.get("/api/trpc/organizations.me")).status()).toBe(401);
  await theirs.close();
});
