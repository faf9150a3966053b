import { expect, test, type Page } from "@playwright/test";
import {
  adminApiToken,
  colorScheme,
  createSpaceOverApi,
  expectNoSeriousAxeViolations,
  joinThroughLinkInvite,
  screenshot,
  sidebar,
  signedInPage,
  uniqueSuffix,
  v1,
  screenshotsAcross,
  withoutTransitions,
} from "./helpers";

/**
 * The Sites area as people use it: an admin creates a site from three spaces, adds its first
 * section (told how it regroups the site's spaces, keeping apart the one unrelated to the others)
 * and a variant, reorders the sections with the keyboard and publishes; a member who may only read
 * the site sees it without any control that would change it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

/** Screenshots of what is on screen, light and dark, for people to look at. */
async function screenshots(page: Page, name: string) {
  // Buttons would fade their colors (transition-colors): off, each picture has the theme's final colors.
  const restore = await withoutTransitions(page);
  await colorScheme(page, "light");
  await screenshot(page, `${name}-light`);
  await colorScheme(page, "dark");
  await screenshot(page, `${name}-dark`);
  await colorScheme(page, "light");
  await restore();
}

test("an admin creates a site from three spaces, adds its first section and a variant, reorders with the keyboard and publishes; a reader sees no edit controls", async ({ page, browser, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, organizationId } = await createSpaceOverApi(request, `Sites ${suffix}`, "Guides");
  const token = adminApiToken();
  for (const title of ["API reference", "Changelog", "Changelog (archive)", "Guides (French)"]) await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title });
  const sitesPath = `/o/${organizationId}/sites`;

  await test.step("the empty Sites page invites creating a site", async () => {
    await page.goto(spacePath);
    // Clicked once the sidebar has loaded (its tree lists the four spaces): not while it still lays itself out.
    await expect(sidebar(page).getByRole("tree", { name: "Content" }).getByText("Guides (French)")).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Sites" }).click();
    await expect(page).toHaveURL(sitesPath);
    await expect(page.getByRole("heading", { name: "Sites", level: 1 })).toBeVisible();
    await expect(page.getByText("No sites yet")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("create a site from three existing spaces", async () => {
    await page.getByRole("button", { name: "Create site" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a site" });
    await dialog.getByRole("button", { name: "Create site" }).click();
    await expect(dialog.getByText("Give the site a title.")).toBeVisible();
    await expect(dialog.getByText("Pick at least one space, or start with a new space.")).toBeVisible();
    await dialog.getByLabel("Title").fill("Acme Docs");
    await dialog.getByLabel("Find spaces for “Spaces”").fill("guides");
    await expect(dialog.getByRole("checkbox", { name: "API reference" })).toBeHidden();
    await dialog.getByRole("checkbox", { name: "Guides", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Guides (French)" }).check();
    await dialog.getByLabel("Find spaces for “Spaces”").fill("");
    await dialog.getByRole("checkbox", { name: "API reference" }).check();
    await expect(dialog.getByText("3 spaces chosen")).toBeVisible();
    await screenshot(page, "sites-create-1280");
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole("button", { name: "Create site" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${sitesPath}/[^/]+$`));
    await expect(page.getByRole("heading", { name: "Acme Docs", level: 1 })).toBeVisible();
    await expect(page.getByText("Unpublished")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Structure" })).toHaveAttribute("aria-current", "page");
  });

  const sections = page.getByRole("navigation", { name: "Sections" });

  await test.step("add the first section: the dialog says how the site's spaces regroup and offers only them as the first section's variants", async () => {
    await page.getByRole("button", { name: "Add section" }).click();
    const dialog = page.getByRole("dialog", { name: "Add the site's first section" });
    await expect(dialog.getByText("This site shows its 3 spaces without sections")).toBeVisible();
    const together = dialog.getByRole("group", { name: "Spaces that stay together in a first section" });
    // Only the site's own spaces, each kept as it is until the editor says otherwise.
    await expect(together.getByRole("checkbox")).toHaveCount(3);
    for (const name of ["Guides", "Guides (French)", "API reference"]) await expect(together.getByRole("checkbox", { name, exact: true })).toBeChecked();
    await together.getByRole("checkbox", { name: "API reference" }).uncheck();
    await expect(dialog.getByLabel("First section's title")).toHaveValue("Acme Docs");
    await dialog.getByRole("radio", { name: "Changelog", exact: true }).check();
    await dialog.getByLabel("Section title").fill("What's new");
    await expect(dialog.getByText("Readers will then see these tabs: “Acme Docs” (Guides, Guides (French)), “API reference”, the new section.")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshotsAcross(page, "sites-first-section");
    await dialog.getByRole("button", { name: "Regroup and add section" }).click();
    await expect(dialog).toBeHidden();
    await expect(sections.getByRole("button", { name: "What's new" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("status").filter({ hasText: "Added the section “What's new”." })).toBeAttached();
    await expect(sections.getByRole("listitem")).toHaveText([/Acme Docs/, "API reference", "What's new"]);
  });

  await test.step("add a variant to the new section", async () => {

    const panel = page.getByRole("region", { name: "Section What's new" });
    await panel.getByRole("button", { name: "Add variant" }).click();
    const form = panel.getByRole("form", { name: "Add a variant to What's new" });
    await form.getByRole("radio", { name: "Changelog (archive)" }).check();
    await form.getByRole("button", { name: "Add variant" }).click();
    await expect(panel.getByRole("list", { name: "Variants" }).getByRole("listitem")).toHaveCount(2);
    await expect(panel.getByText("Changelog (archive)")).toBeVisible();
  });

  await test.step("rename and re-path the section, with validation", async () => {
    const panel = page.getByRole("region", { name: "Section What's new" });
    await panel.getByRole("button", { name: "Edit", exact: true }).click();
    const form = panel.getByRole("form", { name: "Edit the section What's new" });
    await form.getByLabel("Section path").fill("has space");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Lowercase letters, digits and - only: no spaces, capitals or slashes.")).toBeVisible();
    await form.getByLabel("Section path").fill("changes");
    await form.getByLabel("Section title").fill("Changes");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("region", { name: "Section Changes" }).getByText("/changes")).toBeVisible();
  });

  await test.step("reorder the sections with the keyboard", async () => {
    const tabs = sections.getByRole("listitem");
    const before = await tabs.allInnerTexts();
    expect(before.at(-1)).toContain("Changes");
    await sections.getByRole("button", { name: "Changes" }).focus();
    await page.keyboard.press("Alt+ArrowLeft");
    await expect(page.getByRole("status").filter({ hasText: `Moved “Changes” to position ${before.length - 1} of ${before.length}.` })).toBeAttached();
    await expect(sections.getByRole("button", { name: "Changes" })).toBeFocused();
    await page.reload();
    await expect(sections.getByRole("listitem").nth(before.length - 2)).toContainText("Changes");
    // Back to the end with the panel's button, which that disables: the focus goes to the one moving it back.
    const panel = page.getByRole("region", { name: "Section Changes" });
    await sections.getByRole("button", { name: "Changes" }).click();
    await panel.getByRole("button", { name: "Move right: Changes" }).click();
    await expect(panel.getByRole("button", { name: "Move right: Changes" })).toBeDisabled();
    await expect(panel.getByRole("button", { name: "Move left: Changes" })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, "sites-structure-1280");
  });

  await test.step("group a section, pick it from the group's menu, then take it out", async () => {
    const panel = page.getByRole("region", { name: "Section Changes" });
    await sections.getByRole("button", { name: "Changes" }).click();
    await panel.getByRole("button", { name: "More actions for Changes" }).click();
    await page.getByRole("menuitem", { name: "New group with this section…" }).click();
    const dialog = page.getByRole("dialog", { name: "New group of sections" });
    await dialog.getByLabel("Group title").fill("Product");
    await dialog.getByRole("button", { name: "Create group" }).click();
    await expect(dialog).toBeHidden();
    const group = sections.getByRole("button", { name: /^Group Product/ });
    await expect(group).toBeVisible();
    await expect(sections.getByRole("button", { name: "Changes", exact: true })).toHaveCount(0);
    await expect(panel.getByText("in the group Product")).toBeVisible();
    await sections.getByRole("button", { name: "Acme Docs" }).click();
    await group.click();
    await page.getByRole("menuitemradio", { name: "Changes" }).click();
    await expect(page.getByRole("region", { name: "Section Changes" })).toBeVisible();
    await screenshot(page, "sites-structure-group-1280");
    await panel.getByRole("button", { name: "More actions for Changes" }).click();
    await page.getByRole("menuitem", { name: "Take out of “Product”" }).click();
    await expect(sections.getByRole("button", { name: "Changes", exact: true })).toBeVisible();
  });

  await test.step("reorder variants by drag and drop", async () => {
    await sections.getByRole("button", { name: "Acme Docs" }).click();
    const variants = page.getByRole("region", { name: "Section Acme Docs" }).getByRole("list", { name: "Variants" }).getByRole("listitem");
    await expect(variants.first()).toContainText("Guides");
    await page.getByRole("button", { name: "Reorder Guides (French)" }).dragTo(variants.first());
    await expect(variants.first()).toContainText("Guides (French)");
    await expect(page.getByRole("status").filter({ hasText: "Moved “Guides (French)” to position 1 of 2." })).toBeAttached();
    await page.reload();
    await expect(variants.first()).toContainText("Guides (French)");
  });

  await test.step("make a variant the default, then remove the other one", async () => {
    await sections.getByRole("button", { name: "Changes" }).click();
    const panel = page.getByRole("region", { name: "Section Changes" });
    const variants = panel.getByRole("list", { name: "Variants" }).getByRole("listitem");
    await panel.getByRole("button", { name: "Make Changelog (archive) the default" }).click();
    await expect(variants.filter({ hasText: "Changelog (archive)" })).toContainText("Default");
    await expect(variants.filter({ hasNotText: "archive" })).not.toContainText("Default");
    await panel.getByRole("button", { name: "Remove Changelog", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Remove “Changelog” from the site?" });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(variants).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "Removed “Changelog”." })).toBeAttached();
  });

  await test.step("settings: a hostname another site has is refused at its field; a new title is saved", async () => {
    const other = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Other site" })) as { id: string };
    const taken = await request.patch(`/v1/orgs/${organizationId}/sites/${other.id}`, { headers: { Authorization: `Bearer ${token}` }, data: { hostname: `docs.${suffix}.example.com` } });
    expect(taken.ok()).toBe(true);
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Custom hostname").fill(`docs.${suffix}.example.com`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByLabel("Custom hostname")).toHaveAccessibleDescription(`'docs.${suffix}.example.com' is already used by another site.`);
    await page.getByLabel("Custom hostname").fill("");
    await page.getByLabel("Title").fill("Acme Handbook");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("heading", { name: "Acme Handbook", level: 1 })).toBeVisible();
    await page.getByLabel("Title").fill("Acme Docs");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("heading", { name: "Acme Docs", level: 1 })).toBeVisible();
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Structure" }).click();
  });

  await test.step("publish the site", async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
    await expect(page.getByRole("link", { name: /opens in a new tab/ }).first()).toHaveAttribute("href", /^https?:\/\//);
    await page.goto(sitesPath);
    const row = page.getByRole("list", { name: "Sites" }).getByRole("listitem").filter({ hasText: "Acme Docs" });
    await expect(row).toContainText("Published");
    await expect(row).toContainText("Public");
    await screenshots(page, "sites-list-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshots(page, "sites-list-390");
    await row.getByRole("link", { name: "Acme Docs" }).click();
    await expect(sections).toBeVisible();
    await screenshots(page, "sites-structure-390");
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshots(page, "sites-structure-820");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByLabel("Base name")).toBeVisible();
    await screenshots(page, "sites-settings-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, "sites-settings-1280");
    await page.goto(`${sitesPath}/no-such-site`);
    await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    await expect(page.getByText("This site does not exist, or you have no access to it.")).toBeVisible();
  });

  await test.step("a member who may only read sees the site without edit controls", async () => {
    const reader = { email: `ash-${suffix}@example.test`, password: `pw-${suffix}-long-enough` };
    await joinThroughLinkInvite(request, organizationId, "read", { ...reader, displayName: `Ash ${suffix}` });
    const readerPage = await signedInPage(browser, reader, { viewport: { width: 1280, height: 900 } });
    await readerPage.goto(sitesPath);
    await expect(readerPage.getByRole("button", { name: "Create site" })).toHaveCount(0);
    await readerPage.getByRole("link", { name: "Acme Docs" }).click();
    await expect(readerPage.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Changes" })).toBeVisible();
    await expect(readerPage.getByText("Changing them needs the create role on the site.")).toBeVisible();
    for (const name of ["Add section", "New group", "Publish", "Unpublish", "Edit", "Add variant"]) await expect(readerPage.getByRole("button", { name, exact: true })).toHaveCount(0);
    await expect(readerPage.getByRole("button", { name: /^Reorder / })).toHaveCount(0);
    await readerPage.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Settings" }).click();
    await expect(readerPage.getByText("Only admins of the site change its settings.")).toBeVisible();
    await expect(readerPage.getByLabel("Title")).toBeDisabled();
    await expect(readerPage.getByRole("button", { name: "Save settings" })).toHaveCount(0);
    await expect(readerPage.getByRole("button", { name: "Delete site" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(readerPage);
    await readerPage.context().close();
  });
});
