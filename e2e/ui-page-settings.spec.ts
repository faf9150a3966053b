import { expect, test } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNotice, expectSaved, keepNoticesOf, screenshot, uniqueSuffix, writeMarkdown } from "./helpers";

/**
 * A page's settings as an editor sets them and a reader meets them: a page hidden from the
 * navigation (still readable by its address), and a page whose layout leaves out its title and
 * the page tree.
 */

test.use({ viewport: { width: 1280, height: 800 } });

test("page settings: a hidden page leaves the navigation, a layout leaves out the title and the page tree", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Settings ${uniqueSuffix()}`, "Manual");
  await keepNoticesOf(page);
  await page.goto(spacePath);

  await test.step("open a change request and add a second page", async () => {
    await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Change requests" }).click();
    await page.getByRole("button", { name: "New change request" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New change request" });
    await dialog.getByLabel("Subject").fill("Reorganize");
    await dialog.getByRole("button", { name: "Create change request" }).click();
    await expect(page).toHaveURL(/\/change-requests\/1\/edit$/);
    await page.getByRole("button", { name: "New page" }).click();
    await page.getByLabel("Page title").fill("Internal");
    await writeMarkdown(page, "Only for those who have the link.");
    // Settings are saved on the server, so a new page is saved first: the editor saves it by itself.
    await expect(page.getByRole("button", { name: "Page settings" })).toBeDisabled();
    await expectSaved(page);
  });

  await test.step("hide the new page from the navigation", async () => {
    await page.getByRole("button", { name: "Page settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings of “Internal”" });
    await dialog.getByLabel("Hide from the navigation").check();
    await screenshot(page, "editor-page-settings-1280");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    // The notice is dismissed as soon as it shows (it would go by itself after 4 s).
    await page.getByRole("status").filter({ hasText: "Page settings saved." }).getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Page settings saved.")).toHaveCount(0);
    await expectNotice(page, "Page settings saved.");
    await expect(dialog).toBeHidden();
  });

  await test.step("give the introduction a layout without its title and the page tree", async () => {
    await page.getByRole("complementary", { name: "Pages of the change request" }).getByRole("button", { name: "Introduction" }).click();
    await page.getByRole("button", { name: "Page settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings of “Introduction”" });
    await dialog.getByLabel("Show title").uncheck();
    await dialog.getByLabel("Show page tree").uncheck();
    await expect(dialog.getByLabel("Preset")).toHaveValue("custom");
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await expectNotice(page, "Page settings saved.");
  });

  await test.step("the review lists the settings that changed", async () => {
    await page.getByRole("link", { name: "Review changes" }).click();
    const changes = page.getByRole("list", { name: "Changes" });
    await changes.getByRole("button", { name: /Introduction/ }).click();
    await expect(page.getByRole("term").filter({ hasText: "Layout: Title" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "Layout: Table of contents" })).toBeVisible();
    await screenshot(page, "review-page-settings-1280");
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await expectNotice(page, "Change request #1 merged.");
  });

  await test.step("the reader: no page tree and no visible title on the introduction; the hidden page is out of the navigation", async () => {
    await page.goto(spacePath);
    await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Content" }).click();
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1, name: "Introduction" })).toHaveClass(/sr-only/);
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
    await screenshot(page, "reader-layout-1280");

    // The hidden page is still readable at its address, with the page tree (its layout keeps it), which leaves it out.
    const content = await (await request.get(`/v1/spaces/${spaceId}/content`, { headers: { Authorization: `Bearer ${adminApiToken()}` } })).json();
    const internal = content.pages.find((each: { title: string }) => each.title === "Internal");
    expect(internal.hidden).toBe(true);
    await page.goto(`${spacePath}/p/${internal.id}`);
    await expect(article).toContainText("Only for those who have the link.");
    const tree = page.getByRole("navigation", { name: "Pages" }).last();
    await expect(tree.getByRole("link", { name: "Introduction" })).toBeVisible();
    await expect(tree.getByRole("link", { name: "Internal" })).toHaveCount(0);
  });
});
