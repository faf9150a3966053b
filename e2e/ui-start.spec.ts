import { expect, test, type Page } from "@playwright/test";
import { adminApiToken, createOrganizationOverApi, expectNoSeriousAxeViolations, screenshotsAcross, sidebar, uniqueSuffix, v1 } from "./helpers";

/**
 * Where people start (issue 24, part 6): a new space opens on its content and offers Start writing,
 * templates and import; the home page shows what waits on you; a collection lists its nested
 * collections and offers New space here; at phone width the organization's name stays readable
 * and a tab bar that scrolls shows it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const axeClean = async (page: Page) => expectNoSeriousAxeViolations(page);

test("a new space opens on its content with Start writing, templates and import; a template fills it", async ({ page, request }) => {
  const organizationId = await createOrganizationOverApi(request, `Start ${uniqueSuffix()}`);
  await page.goto(`/o/${organizationId}`);
  await sidebar(page).getByRole("button", { name: "New space" }).click();
  const dialog = page.getByRole("dialog", { name: "New space" });
  await dialog.getByLabel("Title").fill("Handbook");
  await dialog.getByRole("button", { name: "Create space" }).click();
  await expect(page).toHaveURL(/\/s\/[^/]+\/content$/);
  await expect(page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");

  const empty = page.getByRole("region", { name: "This space is empty" });
  await expect(empty.getByRole("button", { name: "Start writing" })).toBeVisible();
  await expect(empty.getByRole("button", { name: "Import from website" })).toBeVisible();
  const template = empty.getByRole("button", { name: "Use template: Knowledge base" });
  await expect(template).toBeVisible();
  await screenshotsAcross(page, "space-start", axeClean);

  await template.click();
  // The space now has pages: the reader moves on to the first one.
  await expect(page).toHaveURL(/\/p\/[^/]+$/);
  await expect(page.getByRole("region", { name: "This space is empty" })).toHaveCount(0);
});

test("the home page shows what waits on you; a collection lists its nested collections and offers New space here", async ({ page, request }) => {
  const token = adminApiToken();
  // An ordinary name: the one the phone-width walk saw cut to "D…".
  const title = "Docs team";
  const organizationId = await createOrganizationOverApi(request, title);
  const guides = (await v1(request, token, "post", `/v1/orgs/${organizationId}/collections`, { title: "Guides" })) as { id: string };
  await v1(request, token, "post", `/v1/orgs/${organizationId}/collections`, { title: "Tutorials", parent: guides.id });
  const space = (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: "Handbook", parent: guides.id })) as { id: string };
  await v1(request, token, "post", `/v1/spaces/${space.id}/change-requests`, { subject: "Rewrite the intro" });

  await page.goto(`/o/${organizationId}`);
  const waiting = page.getByRole("region", { name: "Waiting for you" });
  await expect(waiting.getByRole("list", { name: "Your open change requests" }).getByRole("link")).toContainText("#1 Rewrite the intro");
  await expect(waiting.getByText("No review is waiting for you.")).toBeVisible();
  await expect(waiting.getByText("No one has mentioned you since you last looked.")).toBeVisible();
  await screenshotsAcross(page, "home-waiting", async (each) => {
    await axeClean(each);
    // At phone width the organization's name is shown whole, not cut to its first letter.
    const name = each.getByRole("button", { name: `Organization: ${title}` }).locator("span.truncate");
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  await page.goto(`/o/${organizationId}/c/${guides.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("region", { name: /Collections/ }).getByRole("link", { name: /Tutorials/ })).toHaveAttribute("href", /\/c\/[^/]+$/);
  await expect(main.getByRole("region", { name: /Spaces/ }).getByRole("link", { name: /Handbook/ })).toBeVisible();
  await main.getByRole("button", { name: "New space here" }).click();
  await expect(page.getByRole("dialog", { name: "New space" }).getByText("Inside Guides")).toBeVisible();
  await page.getByRole("dialog", { name: "New space" }).getByRole("button", { name: "Cancel" }).click();
  await screenshotsAcross(page, "collection-nested", axeClean);

  // At phone width a space's tab bar scrolls, and shows it: a shadow on the edge where tabs are hidden.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/o/${organizationId}/s/${space.id}/history`);
  const tabs = page.getByRole("navigation", { name: "Space" });
  await expect(tabs.getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "page");
  const overflow = await tabs.evaluate((element) => ({ scrolls: element.scrollWidth > element.clientWidth, hint: getComputedStyle(element).backgroundImage }));
  expect(overflow.scrolls).toBe(true);
  expect(overflow.hint).toContain("radial-gradient");
  await screenshotsAcross(page, "space-tabs-scroll");
});
