import { expect, test, type Page } from "@playwright/test";
import { startTestIdp, type TestIdp } from "../tests/helpers/saml-idp";
import { axe, createOrganizationOverApi, screenshot, signedOut, uniqueSuffix } from "./helpers";

/**
 * Single sign-on in the browser, against a SAML identity provider this spec serves on loopback
 * (tests/helpers/saml-idp.ts): it answers the AuthnRequest with a page that posts a response it
 * signs with a key made here. An admin configures it on the Single sign-on page; a new person signs
 * in with "Sign in with SSO" and lands in the organization as a member with the provider's role.
 */

test.use({ viewport: { width: 1280, height: 900 } });

let idp: TestIdp;
test.beforeAll(async () => {
  idp = await startTestIdp({ behaviour: { email: "unused@example.test" } });
});
test.afterAll(() => idp.close());

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an admin sets up SAML; a new person signs in with SSO and joins with the provider's role", async ({ page, browser, request }) => {
  const suffix = uniqueSuffix();
  const domain = `sso-${suffix}.example`;
  const title = `SSO ${suffix}`;

  const organizationId = await createOrganizationOverApi(request, title);
  await page.goto(`/o/${organizationId}/people/sso`);
  await expect(page.getByRole("link", { name: "Single sign-on" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(`/sso/saml/orgs/${organizationId}/acs`)).toBeVisible();
  await expect(page.getByText("No identity provider yet")).toBeVisible();
  await expectNoAxeViolations(page);

  // A bad certificate is refused beside its field, with the dialog kept open.
  await page.getByRole("button", { name: "Add provider" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an identity provider" });
  await dialog.getByLabel("Name").fill("Test IdP");
  await dialog.getByLabel("Identity provider entity ID").fill(idp.entityID);
  await dialog.getByLabel("Single sign-on URL").fill(idp.ssoURL);
  await dialog.getByLabel("Signing certificate").fill("-----BEGIN CERTIFICATE-----\nnot one\n-----END CERTIFICATE-----");
  await dialog.getByLabel("Role of new members").selectOption("edit");
  await dialog.getByRole("button", { name: "Add provider" }).click();
  await expect(dialog.getByText(/Not a PEM certificate|Not a valid X\.509 certificate/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Signing certificate").fill(idp.keys.certificate);
  await dialog.getByRole("button", { name: "Add provider" }).click();
  await expect(dialog).toBeHidden();
  const providers = page.getByRole("list", { name: "Identity providers" });
  await expect(providers.getByText("Test IdP")).toBeVisible();
  await expect(providers.getByText("New members: Edit")).toBeVisible();

  const domains = page.getByRole("region", { name: "Email domains" });
  await domains.getByLabel("Domains").fill(domain);
  await domains.getByRole("button", { name: "Save domains" }).click();
  await expect(domains.getByRole("button", { name: "Save domains" })).toBeDisabled();

  // Enforcing SSO does not keep out the people who come through it.
  const enforce = page.getByRole("switch", { name: /Require single sign-on/ });
  await enforce.check();
  await expect(enforce).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshot(page, "sso-settings");

  // A new person, in a browser of their own.
  const person = await browser.newContext({ viewport: { width: 390, height: 844 }, ...signedOut });
  const personPage = await person.newPage();
  idp.behaviour = { email: `grace.${suffix}@${domain}`, displayName: "Grace Hopper" };
  await personPage.goto("/login");
  await personPage.getByRole("button", { name: "Sign in with SSO" }).click();
  await personPage.getByLabel("Work email or organization").fill(`grace.${suffix}@${domain}`);
  await expectNoAxeViolations(personPage);
  await personPage.getByRole("button", { name: "Continue with SSO" }).click();
  await expect(personPage).toHaveURL(new RegExp(`/o/${organizationId}$`), { timeout: 30_000 });
  await expect(personPage.getByText(`${title} requires single sign-on`)).toHaveCount(0);
  await screenshot(personPage, "sso-signed-in-phone");

  // The admin sees the new member, with the provider's role.
  await page.reload();
  const ssoMembers = page.getByRole("list", { name: "Members who sign in with SSO" });
  await expect(ssoMembers.getByText("Grace Hopper")).toBeVisible();
  await expect(ssoMembers.getByText(`grace.${suffix}@${domain} · Edit`)).toBeVisible();

  // A forged answer sends the person back to the sign-in page with a reason, not into the app.
  await person.clearCookies();
  idp.behaviour = { ...idp.behaviour, audience: "https://someone-else.example/saml" };
  await personPage.goto("/login");
  await personPage.getByRole("button", { name: "Sign in with SSO" }).click();
  await personPage.getByLabel("Work email or organization").fill(`grace.${suffix}@${domain}`);
  await personPage.getByRole("button", { name: "Continue with SSO" }).click();
  await expect(personPage).toHaveURL(/\/login\?sso=invalid$/, { timeout: 30_000 });
  // Next.js's route announcer is an alert too: the one that says what went wrong.
  await expect(personPage.getByRole("alert").filter({ hasText: "could not be verified" })).toBeVisible();
  await person.close();
});
