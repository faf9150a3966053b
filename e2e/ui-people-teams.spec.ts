import { expect, test, type Page } from "@playwright/test";
import { adminApiToken, axe, createSpaceOverApi, expectSaved, joinThroughLinkInvite, screenshot, signedInPage, uniqueSuffix, writeMarkdown } from "./helpers";

/**
 * Teams, sharing and the audit log as people use them: an admin makes a team, adds a member, shares
 * one space with the team as editors and sees why the member has that access; the member edits that
 * space and cannot open another; the admin finds the grant in the audit log.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** No axe violations in what is on screen (the open dialog when there is one). */
async function expectAccessible(page: Page, include?: string) {
  const builder = axe(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an admin shares a space with a team; its member edits that space only; the grant is in the audit log", async ({ page, browser, request, baseURL }) => {
  const suffix = uniqueSuffix();
  const { spacePath, organizationId } = await createSpaceOverApi(request, `People ${suffix}`, "Handbook");
  const other = await request.post(`${baseURL}/v1/orgs/${organizationId}/spaces`, { headers: { Authorization: `Bearer ${adminApiToken()}` }, data: { title: "Private notes" } });
  expect(other.status()).toBe(201);
  const otherPath = `/o/${organizationId}/s/${(await other.json()).id}`;
  // A second person who can sign in: a guest of the organization (who joined through a link).
  const member = { email: `wren-${suffix}@example.test`, password: `pw-${suffix}-long-enough`, name: `wren-${suffix}` };
  await joinThroughLinkInvite(request, organizationId, null, { email: member.email, password: member.password, displayName: member.name });

  await test.step("create a team from the empty Teams page", async () => {
    await page.goto(`/o/${organizationId}/people/teams`);
    await expect(page.getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No teams yet")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create team" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByRole("button", { name: "Create team" }).click();
    await expect(dialog.getByText("Give the team a name.")).toBeVisible();
    await dialog.getByLabel("Name").fill("Writers");
    await dialog.getByRole("button", { name: "Create team" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("list", { name: "Teams" }).getByText("Writers")).toBeVisible();
    await expect(page.getByText("0 members · 0 spaces")).toBeVisible();
  });

  await test.step("add the member with the member picker, with the keyboard", async () => {
    await page.getByRole("button", { name: "Members of Writers" }).click();
    const dialog = page.getByRole("dialog", { name: "Members of Writers" });
    await expect(dialog.getByText("No members yet")).toBeVisible();
    await dialog.getByLabel("Add a member").fill(member.name);
    const add = dialog.getByRole("button", { name: `Add ${member.name}` });
    await add.focus();
    await page.keyboard.press("Enter");
    const members = dialog.getByRole("list", { name: "Members of Writers" });
    await expect(members.getByText(member.email)).toBeVisible();
    await expect(members.getByLabel(`Role of ${member.name} in the team`)).toHaveValue("member");
    await screenshot(page, "teams-members-1280");
    await expectAccessible(page, "dialog[open]");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("1 member · 0 spaces")).toBeVisible();
  });

  await test.step("share the space with the team as editors, and see why the member has that access", async () => {
    await page.goto(spacePath);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share “Handbook”" });
    await expect(dialog.getByText("Not shared with anyone in particular")).toBeVisible();
    await dialog.getByLabel("Find a team").fill("Writ");
    await dialog.getByRole("button", { name: "Select the team Writers" }).click();
    await dialog.getByLabel("Role").selectOption("edit");
    await dialog.getByRole("button", { name: "Share", exact: true }).click();
    const shared = dialog.getByRole("list", { name: "Shared with" });
    await expect(shared.getByText("Writers", { exact: true })).toBeVisible();
    await expect(shared.getByLabel("Role of Writers")).toHaveValue("edit");
    const everyone = dialog.getByRole("list", { name: "Everyone with access" });
    await expect(everyone.getByRole("listitem").filter({ hasText: member.email })).toContainText("Edit");
    await everyone.getByRole("button", { name: `Why does ${member.name} have this access?` }).click();
    const why = dialog.getByRole("list", { name: `Why ${member.name} has this access` });
    await expect(dialog.getByText(`${member.name} has Edit access, because:`)).toBeVisible();
    await expect(why.getByRole("listitem").filter({ hasText: "Shared with the team “Writers” on the space “Handbook”" })).toContainText("gives this access");
    await expect(why.getByText("A guest of the organization")).toBeVisible();
    await screenshot(page, "sharing-dialog-1280");
    await expectAccessible(page, "dialog[open]");
  });

  await test.step("the member edits that space's content, and cannot open another space", async () => {
    const memberPage = await signedInPage(browser, member, { viewport: { width: 1280, height: 900 } });
    await memberPage.goto(spacePath);
    await expect(memberPage.getByRole("heading", { name: "Handbook" })).toBeVisible();
    await memberPage.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Change requests" }).click();
    await memberPage.getByRole("button", { name: "New change request" }).first().click();
    const dialog = memberPage.getByRole("dialog", { name: "New change request" });
    await dialog.getByLabel("Subject").fill("A guest's edit");
    await dialog.getByRole("button", { name: "Create change request" }).click();
    await expect(memberPage).toHaveURL(/\/change-requests\/1\/edit$/);
    await writeMarkdown(memberPage, "Written by a member of the Writers team.\n");
    await expectSaved(memberPage);

    // A space the person cannot see does not exist for them: the not-found page, with HTTP 404.
    expect((await memberPage.goto(otherPath))?.status()).toBe(404);
    await expect(memberPage.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    await memberPage.context().close();
  });

  await test.step("the admin finds the grant in the audit log, filters by it and reads its details", async () => {
    await page.goto(`/o/${organizationId}/people/audit`);
    const events = page.getByRole("list", { name: "Audit events, newest first" });
    const granted = events.getByRole("listitem").filter({ hasText: "Access granted" });
    await expect(granted).toContainText("Handbook");
    await expect(granted).toContainText("In the app");
    await expectAccessible(page);
    await page.getByLabel("Action", { exact: true }).selectOption({ label: "Access granted" });
    await expect(events.getByRole("listitem")).toHaveCount(1);
    await expect(events.getByRole("listitem").filter({ hasText: "Team created" })).toHaveCount(0);
    await granted.getByRole("button", { name: /^Details of/ }).click();
    const details = page.getByRole("dialog", { name: "Access granted" });
    await expect(details.getByLabel("Recorded details")).toContainText('"label": "Writers"');
    await expect(details.getByLabel("Recorded details")).toContainText('"role": "edit"');
    await screenshot(page, "audit-log-details-1280");
    await details.getByRole("button", { name: "Close" }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Show changes to Handbook" }).click();
    await expect(page.getByRole("button", { name: "Clear the filter “To Handbook”" })).toBeVisible();
    await screenshot(page, "audit-log-390");
    await page.goto(`/o/${organizationId}/people/teams`);
    await expect(page.getByText("1 member · 1 space")).toBeVisible();
    await screenshot(page, "teams-390");
  });
});
