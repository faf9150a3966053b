import { expect, test, type Page } from "@playwright/test";
import { adminApiToken, axe, createSpaceOverApi, expectSaved, screenshot, signedOut, uniqueSuffix, writeMarkdown } from "./helpers";

/**
 * Members and invites as people use them: an admin invites someone by email (this server sends no
 * mail, so the Invites page shows the link to pass on) and puts them in a team that may edit one
 * space; the person opens the link, sets a password and lands in the organization signed in, edits
 * that space and cannot open another; the admin sees the members and it all in the audit log.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** No axe violations in what is on screen (the open dialog when there is one). */
async function expectAccessible(page: Page, include?: string) {
  const builder = axe(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an admin invites someone by email into a team that edits one space; they join with a password, edit it and nothing else; the audit log has it all", async ({ page, browser, request, baseURL }) => {
  const suffix = uniqueSuffix();
  const { spacePath, organizationId, spaceId } = await createSpaceOverApi(request, `Members ${suffix}`, "Handbook");
  const headers = { Authorization: `Bearer ${adminApiToken()}` };
  const other = await request.post(`${baseURL}/v1/orgs/${organizationId}/spaces`, { headers, data: { title: "Private notes" } });
  expect(other.status()).toBe(201);
  const otherPath = `/o/${organizationId}/s/${(await other.json()).id}`;
  // The team may edit the Handbook (sharing is tested in ui-people-teams.spec.ts).
  const team = await request.put(`${baseURL}/v1/orgs/${organizationId}/teams`, { headers, data: { title: "Writers" } });
  expect(team.status()).toBe(201);
  expect((await request.post(`${baseURL}/v1/spaces/${spaceId}/permissions`, { headers, data: { role: "edit", teams: [(await team.json()).id] } })).status()).toBe(204);
  const person = { email: `robin-${suffix}@example.test`, name: `Robin ${suffix}`, password: `pw-${suffix}-long-enough` };
  let inviteLink = "";

  await test.step("invite by email as a guest: without mail, the page shows the link to pass on", async () => {
    await page.goto(`/o/${organizationId}/people/invites`);
    await expect(page.getByRole("link", { name: "Invites" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No pending invitations")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send invites" }).click();
    await expect(page.getByText("Give at least one email address.")).toBeVisible();
    await page.getByLabel("Email addresses").fill(person.email);
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Guest" });
    await page.getByRole("button", { name: "Send invites" }).click();
    const link = page.getByLabel(`Invite link for ${person.email}`, { exact: true });
    await expect(link).toHaveValue(/\/invite\/qi_/);
    inviteLink = await link.inputValue();
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expect(pending.getByRole("listitem").filter({ hasText: person.email })).toContainText("Guest · link not emailed");
    await screenshot(page, "invites-link-1280");
    await expectAccessible(page);
  });

  // The person's own browser, signed in as nobody yet.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...signedOut });
  const personPage = await context.newPage();

  await test.step("the person opens the link, sets a password and lands in the organization signed in", async () => {
    await personPage.goto(new URL(inviteLink).pathname);
    await expect(personPage.getByRole("heading", { name: `Join Members ${suffix}` })).toBeVisible();
    await expect(personPage.getByText(`as a guest (for ${person.email})`)).toBeVisible();
    await expect(personPage.getByLabel("Email")).toHaveValue(person.email);
    await expectAccessible(personPage);
    await personPage.getByLabel("Your name").fill(person.name);
    await personPage.getByLabel("Password", { exact: true }).fill("short");
    await personPage.getByLabel("Confirm password").fill("short");
    await personPage.getByRole("button", { name: "Create account and join" }).click();
    await expect(personPage.getByText("must be at least 8 characters")).toBeVisible();
    await screenshot(personPage, "invite-accept-390");
    await personPage.getByLabel("Password", { exact: true }).fill(person.password);
    await personPage.getByLabel("Confirm password").fill(person.password);
    await personPage.getByRole("button", { name: "Create account and join" }).click();
    await expect(personPage).toHaveURL(new RegExp(`/o/${organizationId}$`));
    await expect(personPage.getByRole("button", { name: person.name, exact: true })).toBeVisible();
    // Used: the link no longer works.
    await personPage.goto(new URL(inviteLink).pathname);
    await expect(personPage.getByRole("heading", { name: "This invite link does not work" })).toBeVisible();
  });

  await test.step("the admin finds the new member, puts them in the team, and cannot demote the last admin", async () => {
    await page.goto(`/o/${organizationId}/people`);
    const table = page.getByRole("table", { name: "Members of the organization" });
    await expect(table.getByRole("row").filter({ hasText: person.email })).toContainText("Guest");
    await page.getByLabel("Find members by name or email").fill(`robin-${suffix}`);
    await expect(table.getByRole("row")).toHaveCount(2);
    await page.getByLabel("Find members by name or email").fill("");
    const adminRole = table.getByLabel(/^Role of Admin/);
    await expect(adminRole.locator("option[value=read]")).toBeDisabled();
    await expect(page.getByText("The last admin: make another member admin to change this role.")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "members-1280");

    await page.goto(`/o/${organizationId}/people/teams`);
    await page.getByRole("button", { name: "Members of Writers" }).click();
    const dialog = page.getByRole("dialog", { name: "Members of Writers" });
    await dialog.getByLabel("Add a member").fill(`Robin ${suffix}`);
    await dialog.getByRole("button", { name: `Add ${person.name}` }).click();
    await expect(dialog.getByRole("list", { name: "Members of Writers" }).getByText(person.email)).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("1 member · 1 space")).toBeVisible();
  });

  await test.step("the new member edits the team's space, and cannot open another", async () => {
    await personPage.setViewportSize({ width: 1280, height: 900 });
    await personPage.goto(spacePath);
    await expect(personPage.getByRole("heading", { name: "Handbook" })).toBeVisible();
    await personPage.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Change requests" }).click();
    await personPage.getByRole("button", { name: "New change request" }).first().click();
    const dialog = personPage.getByRole("dialog", { name: "New change request" });
    await dialog.getByLabel("Subject").fill("An invited member's edit");
    await dialog.getByRole("button", { name: "Create change request" }).click();
    await expect(personPage).toHaveURL(/\/change-requests\/1\/edit$/);
    await writeMarkdown(personPage, "Written by someone who joined by invitation.\n");
    await expectSaved(personPage);
    // A space the person cannot see does not exist for them: the not-found page, with HTTP 404.
    expect((await personPage.goto(otherPath))?.status()).toBe(404);
    await expect(personPage.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    await context.close();
  });

  await test.step("the admin sees the invitation, the joining and the team change in the audit log", async () => {
    await page.goto(`/o/${organizationId}/people/audit`);
    const events = page.getByRole("list", { name: "Audit events, newest first" });
    await expect(events.getByRole("listitem").filter({ hasText: "Member invited" })).toContainText(person.email);
    await expect(events.getByRole("listitem").filter({ hasText: "Member joined" })).toContainText(person.name);
    await expect(events.getByRole("listitem").filter({ hasText: "Team members changed" }).first()).toBeVisible();
    await screenshot(page, "audit-members-1280");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/o/${organizationId}/people`);
    await expect(page.getByRole("table", { name: "Members of the organization" }).getByText(person.email)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "members-390");
  });
});
