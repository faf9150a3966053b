import { expect, test } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, publishThroughApi, screenshotsAcross, signedOut, uniqueSuffix, v1 } from "./helpers";

/**
 * Readers and owners of a published site: a reader opens a page (site.js counts the view), another
 * reader with JavaScript switched off answers "Was this page helpful?" through the plain form, and
 * the owner finds both on the site's Insights page.
 */

test.use({ viewport: { width: 1280, height: 900 } });

test("a reader's view and feedback on a published page reach the owner's Insights page", async ({ page, browser, request }) => {
  const suffix = uniqueSuffix();
  const token = adminApiToken();
  const { organizationId, spaceId } = await createSpaceOverApi(request, `Insights ${suffix}`, "Guides");
  await publishThroughApi(request, token, spaceId!, "The guide", [
    { operation: "insert_page", title: "Getting started", document: { markdown: "Install the tool, then run it.\n" } },
  ]);
  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: `Insights docs ${suffix}`, spaces: [spaceId] })) as { id: string };
  const customization = await request.put(`/v1/orgs/${organizationId}/sites/${site.id}/customization`, { headers: { Authorization: `Bearer ${token}` }, data: { feedback: { enabled: true } } });
  expect(customization.ok(), await customization.text()).toBe(true);
  const published = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites/${site.id}/publish`)) as { urls: { published: string } };
  const siteUrl = new URL(published.urls.published).pathname;
  const insightsPath = `/o/${organizationId}/sites/${site.id}/insights`;

  await test.step("before any reader, the owner's Insights page says how views come", async () => {
    await page.goto(`/o/${organizationId}/sites/${site.id}`);
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Insights" }).click();
    await expect(page).toHaveURL(new RegExp(`${insightsPath}$`));
    await expect(page.getByText("No views yet — publish the site and share its link")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("a reader opens the published page: site.js sends the view", async () => {
    // Readers are nobody in particular (the UI projects' contexts start as the seeded admin).
    const reader = await browser.newContext(signedOut);
    const readerPage = await reader.newPage();
    const beacon = readerPage.waitForRequest((sent) => sent.url().endsWith("/~/insights") && sent.method() === "POST");
    await readerPage.goto(siteUrl);
    // The space's first page (made with the space) is the site's home page.
    await expect(readerPage.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
    await beacon;
    await reader.close();
  });

  await test.step("a reader without JavaScript says the page did not help, through the plain form", async () => {
    const reader = await browser.newContext({ javaScriptEnabled: false, ...signedOut });
    const readerPage = await reader.newPage();
    await readerPage.goto(siteUrl);
    await readerPage.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Getting started", exact: true }).click();
    await expect(readerPage.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    const form = readerPage.getByRole("group", { name: "Was this page helpful?" });
    await form.getByRole("button", { name: "No", exact: true }).click();
    await expect(readerPage).toHaveURL(/\?feedback=sent#feedback$/);
    await expect(readerPage.getByRole("status").filter({ hasText: "Thank you for your feedback." })).toBeVisible();
    await expect(readerPage.getByRole("heading", { level: 1, name: "Getting started" })).toBeVisible();
    await reader.close();
  });

  await test.step("the owner sees the view and the rating", async () => {
    const stat = (label: string) => page.locator("dl > div").filter({ hasText: label }).getByRole("definition");
    // The beacon is sent as the reader leaves nothing to wait for: the page is read again until the view is in.
    await expect(async () => {
      await page.goto(insightsPath);
      await expect(stat("Views in the last 30 days")).toHaveText("1", { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await expect(stat("Feedback received")).toHaveText("1");
    await expect(stat("Found the page helpful")).toHaveText("0%");
    await expect(page.getByRole("region", { name: "Most read pages" }).getByRole("row").nth(1)).toContainText("Introduction");
    await expect(page.getByRole("region", { name: "Was this page helpful?" }).getByRole("row").nth(1)).toContainText("Getting started");
    const recent = page.getByRole("list", { name: "Recent feedback" });
    await expect(recent.getByRole("listitem").first()).toContainText("Not helpful");
    await expect(recent.getByRole("listitem").first()).toContainText("Getting started");
    await expect(recent.getByRole("listitem").first()).toContainText("No comment");
    await page.getByText("Views per day as a table").click();
    await expect(page.getByRole("cell", { name: "1", exact: true }).first()).toBeVisible();
    await screenshotsAcross(page, "site-insights", expectNoSeriousAxeViolations);
  });
});
