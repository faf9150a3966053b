import { expect, test } from "@playwright/test";
import { adminApiToken, createOrganizationOverApi, createSpaceOverApi, sidebar, uniqueSuffix } from "./helpers";

/**
 * The rough edges a new user met (issue 9): where opening and creating things lands, the change
 * request list's first view, unsaved settings, messages, the not-found page, the settings pages'
 * frame, and the theme choice.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const tree = (page: import("@playwright/test").Page) => sidebar(page).getByRole("tree", { name: "Content" });

test("a space opens on its content; New space inside an open collection; an empty collection offers New space", async ({ page, request }) => {
  const { spacePath, organizationId } = await createSpaceOverApi(request, `Places ${uniqueSuffix()}`, "Handbook");

  await page.goto(`/o/${organizationId}`);
  await tree(page).getByRole("link", { name: "Handbook" }).click();
  // The content screen moves on to the space's first page as soon as it has the page list.
  await expect(page).toHaveURL(new RegExp(`${spacePath}/(content|p/[^/]+)$`));
  await expect(page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");

  await sidebar(page).getByRole("button", { name: "New collection" }).click();
  const collectionDialog = page.getByRole("dialog", { name: "New collection" });
  await collectionDialog.getByLabel("Title").fill("Guides");
  await collectionDialog.getByRole("button", { name: "Create collection" }).click();
  await expect(page).toHaveURL(/\/c\/[^/]+$/);
  const collectionPath = new URL(page.url()).pathname;

  // The empty collection offers a space of its own.
  await page.getByRole("main").getByRole("button", { name: "New space" }).click();
  let dialog = page.getByRole("dialog", { name: "New space" });
  await expect(dialog.getByText("Inside Guides")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // So does the sidebar's button while the collection is open.
  await sidebar(page).getByRole("button", { name: "New space" }).click();
  dialog = page.getByRole("dialog", { name: "New space" });
  await expect(dialog.getByText("Inside Guides")).toBeVisible();
  await dialog.getByLabel("Title").fill("Tutorials");
  await dialog.getByRole("button", { name: "Create space" }).click();
  // A new space opens on its content, where it can be written (e2e/ui-start.spec.ts).
  await expect(page).toHaveURL(/\/s\/[^/]+\/content$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Guides" })).toBeVisible();
  await page.goto(collectionPath);
  await expect(page.getByRole("main").getByRole("link", { name: /Tutorials/ })).toHaveAttribute("href", /\/content$/);
});

test("the change request list opens on drafts when none is open", async ({ page, request }) => {
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Drafts ${uniqueSuffix()}`, "Handbook");
  const created = await request.post(`/v1/spaces/${spaceId}/change-requests`, { headers: { Authorization: `Bearer ${adminApiToken()}` }, data: { subject: "Work in progress" } });
  expect(created.status()).toBe(201);

  await page.goto(`${spacePath}/change-requests`);
  await expect(page.getByRole("button", { name: "Draft (1)" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Draft change requests" }).getByRole("link")).toHaveText("#1 Work in progress");
  await expect(page.getByText("No open change requests")).toHaveCount(0);
});

test("space settings: leaving with unsaved changes asks first; a failed save focuses the field; offline says so", async ({ page, request }) => {
  const { spacePath } = await createSpaceOverApi(request, `Unsaved ${uniqueSuffix()}`, "Handbook");
  await page.goto(spacePath);
  const form = page.getByRole("form", { name: "Settings" });
  const title = form.getByLabel("Title");

  await title.fill("Handbook, renamed");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  // A link within the app: asked, and staying keeps the edit.
  await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Content" }).click();
  await expect.poll(() => asked.length).toBe(1);
  await expect(page).toHaveURL(spacePath);
  await expect(title).toHaveValue("Handbook, renamed");
  // The browser's Back: asked too, and staying keeps the edit.
  await page.goBack();
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(spacePath);
  await expect(title).toHaveValue("Handbook, renamed");
  expect(asked.every((message) => message.includes("unsaved changes"))).toBe(true);

  // A title of spaces only is refused before sending, and focus goes to the title.
  await title.fill("   ");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("A space needs a title.")).toBeVisible();
  await expect(title).toBeFocused();

  // The server out of reach: a message for people, not the browser's "Failed to fetch".
  await title.fill("Handbook, unreachable");
  await page.route("**/api/trpc/**", (route) => route.abort("internetdisconnected"));
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("alert")).toHaveText("Not saved: Quire could not be reached. Check your connection, then try again.");
  await page.unroute("**/api/trpc/**");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Settings saved")).toBeVisible();

  // Saved: leaving asks nothing, and Back leaves at the first press.
  await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "Content" }).click();
  // The content screen replaces its address with its first page's as soon as the tree is read.
  await expect(page).toHaveURL(new RegExp(`${spacePath}/(content|p/\\w+)$`));
  await page.goBack();
  await expect(page).toHaveURL(spacePath);
  expect(asked).toHaveLength(2);
});

test("unknown and missing addresses answer a branded 404; the favicon is served", async ({ page, request }) => {
  const { spacePath } = await createSpaceOverApi(request, `Missing ${uniqueSuffix()}`, "Handbook");
  for (const path of ["/no-such-address", `${spacePath.replace(/[^/]+$/, "no-such-space")}/content`, `${spacePath}/p/no-such-page`, `${spacePath}/change-requests/999`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Quire" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
  }
  // Inside an organization, the sidebar stays: the way back to what exists.
  await expect(sidebar(page)).toBeVisible();
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toMatch(/^\/icon\.svg/);
  const served = await request.get(icon!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("image/svg+xml");
});

test("the settings pages keep the app's frame; a skip link leads to the content; the theme can be chosen", async ({ page, request }) => {
  const organization = `Frame ${uniqueSuffix()}`;
  const { spacePath, organizationId } = await createSpaceOverApi(request, organization, "Handbook");
  // Pages outside any organization show the last one opened (a cookie the organization's pages set).
  await page.goto(spacePath);
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "quire-organization")?.value).toBe(organizationId);

  await page.goto("/settings/tokens");
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole("button", { name: `Organization: ${organization}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("API tokens");

  // The first Tab reaches the skip link, which leads past the top bar and sidebar.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main-content$/);
  await expect(page.getByRole("main")).toHaveAttribute("id", "main-content");

  // Following the system (light here) until a theme is chosen; the choice survives a reload.
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("menuitemradio", { name: "Same as system" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");

  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByRole("menuitemradio", { name: "Same as system" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

test("a menu longer than the window scrolls within it: every organization and Create organization stay reachable", async ({ page, request }) => {
  // Made through /v1: the menu's Create organization is driven in ui-content.spec.ts.
  let organizationId = "";
  for (const title of [`Long menu A ${uniqueSuffix()}`, `Long menu B ${uniqueSuffix()}`]) organizationId = await createOrganizationOverApi(request, title);
  await page.goto(`/o/${organizationId}`);
  await expect(page.getByRole("button", { name: /^Organization/ })).not.toContainText("Loading…");
  // Shorter than the organization menu: before, its last items ran off the bottom of the window.
  await page.setViewportSize({ width: 1280, height: 200 });
  await page.getByRole("button", { name: /^Organization/ }).click();
  const menu = page.getByRole("menu");
  const box = await menu.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(200);
  await menu.getByRole("menuitem", { name: "Create organization" }).click();
  await expect(page.getByRole("dialog", { name: "Create organization" })).toBeVisible();
});
