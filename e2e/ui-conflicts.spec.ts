import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminApiToken, axe, createSpaceOverApi, expectNotice, keepNoticesOf, screenshot, uniqueSuffix } from "./helpers";

/**
 * A merge that conflicts, as a reviewer meets it: the review screen lists the conflicting page
 * by its title (one the old message parsing garbled), the fields in conflict with both values,
 * and both versions of the conflicting lines; then resolves the conflicts hunk by hunk and
 * merges. The content is prepared through /v1, as an API client would write it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const TITLE = "Setup; file uploads";
const BASE = "Upload files from the editor.\nEach file may be 10 MB.\nFiles are kept forever.\n";

let headers: Record<string, string>;
test.beforeAll(() => {
  headers = { Authorization: `Bearer ${adminApiToken()}` };
});

async function api(request: APIRequestContext, method: "get" | "post", path: string, data?: unknown) {
  const response = await request[method](path, { headers, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("a conflicting merge shows the page, the fields in conflict and both versions of the lines", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Conflicts ${suffix}`, "Handbook");
  const crs = `/v1/spaces/${spaceId}/change-requests`;

  const { pageId, number } = await test.step("through /v1: a page, then two change requests editing neighbouring lines of it and its description", async () => {
    const open = async (subject: string) => (await api(request, "post", crs, { subject })) as { id: string; number: number };
    const apply = (cr: { id: string }, changes: unknown[]) => api(request, "post", `${crs}/${cr.id}/content?compat=false`, { changes });
    const first = await open("Add the uploads page");
    const inserted = await apply(first, [{ operation: "insert_page", title: TITLE, document: { markdown: BASE } }]);
    const pageId: string = inserted.changes[0].page.id;
    await api(request, "post", `${crs}/${first.id}/merge`);

    const [limits, retention] = [await open("Raise the limit"), await open("Explain retention")];
    await apply(limits, [
      { operation: "update_page", page: pageId, description: "Limits; sizes", document: { markdown: BASE.replace("10 MB", "100 MB") } },
    ]);
    await apply(retention, [
      { operation: "update_page", page: pageId, description: 'What "forever" means', document: { markdown: BASE.replace("kept forever", "kept until deleted") } },
    ]);
    await api(request, "post", `${crs}/${limits.id}/merge`);
    return { pageId, number: retention.number };
  });

  await test.step("merging the second one shows what conflicts, readably", async () => {
    await page.goto(`${spacePath}/change-requests/${number}`);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /cannot be merged/ }) });
    await expect(alert).toBeVisible();
    const conflicts = alert.getByRole("list", { name: "Conflicts" });
    const item = conflicts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
    await expect(item).toContainText("setup-file-uploads");
    await expect(item).toContainText("In conflict: text, description");

    const description = item.getByRole("table", { name: "Fields set differently" }).getByRole("row", { name: /^Description/ });
    await expect(description.getByRole("cell")).toHaveText(["Limits; sizes", 'What "forever" means']);

    await expect(item).toContainText("Its text was changed at the same place here and in the space.");
    const space = item.getByRole("figure").filter({ hasText: "In the space, lines 2–3" });
    const mine = item.getByRole("figure").filter({ hasText: "In this change request, lines 2–3" });
    await expect(space.locator("pre")).toHaveText("Each file may be 100 MB.\nFiles are kept forever.\n");
    await expect(mine.locator("pre")).toHaveText("Each file may be 10 MB.\nFiles are kept until deleted.\n");
    // The conflicting lines scroll with the keyboard.
    await mine.locator("pre").focus();
    await expect(mine.locator("pre")).toBeFocused();
    await screenshot(page, "conflicts-merge-1280");
  });

  await test.step("updating from main meets the same conflict; dismissing it hides it", async () => {
    await page.getByRole("button", { name: "Update from main" }).first().click();
    const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Updating from main conflicts with this change request" }) });
    await expect(alert.getByRole("heading", { level: 3 })).toHaveText(TITLE);
    await expect(alert.getByRole("list", { name: "Conflicts" }).getByRole("listitem").first()).toContainText("In conflict: text, description");
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect(alert).toHaveCount(0);
    // Nothing was changed: main still has the first change request's text.
    const main = await api(request, "get", `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
    expect(main.markdown).toBe(BASE.replace("10 MB", "100 MB"));
  });
});

/** Two change requests that edit the same lines of one page (two places) and its title: the first is merged; the second's number. */
async function conflictingEdits(request: APIRequestContext, spaceId: string, base: string, edits: { main: [string, string][]; mine: [string, string][] }) {
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const open = async (subject: string) => (await api(request, "post", crs, { subject })) as { id: string; number: number };
  const apply = (cr: { id: string }, changes: unknown[]) => api(request, "post", `${crs}/${cr.id}/content?compat=false`, { changes });
  const edited = (replacements: [string, string][]) => replacements.reduce((text, [from, to]) => text.replace(from, to), base);
  const first = await open("Add the uploads page");
  const inserted = await apply(first, [{ operation: "insert_page", title: "Uploads", document: { markdown: base } }]);
  const pageId: string = inserted.changes[0].page.id;
  await api(request, "post", `${crs}/${first.id}/merge`);
  const [theirs, mine] = [await open("Their wording"), await open("My wording")];
  await apply(theirs, [{ operation: "update_page", page: pageId, title: "Uploading files", document: { markdown: edited(edits.main) } }]);
  await apply(mine, [{ operation: "update_page", page: pageId, title: "File uploads", document: { markdown: edited(edits.mine) } }]);
  await api(request, "post", `${crs}/${theirs.id}/merge`);
  return { pageId, number: mine.number };
}

async function expectAccessible(page: Page, include: string) {
  const results = await axe(page).include(include).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a conflict resolved hunk by hunk, one from each side, then merged: main has the result", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Resolve ${suffix}`, "Handbook");
  await keepNoticesOf(page);
  const base = "Uploads start in the editor.\n\nPick a file to send.\n\nFiles are kept forever.\n";
  const { pageId, number } = await conflictingEdits(request, spaceId, base, {
    main: [["in the editor", "in the sidebar"], ["kept forever", "kept for a year"]],
    mine: [["in the editor", "in the toolbar"], ["kept forever", "kept until deleted"]],
  });

  const resolver = page.getByRole("region", { name: "Resolve the conflicts with the space's content" });
  await test.step("merging conflicts; the conflict view offers to resolve them", async () => {
    await page.goto(`${spacePath}/change-requests/${number}`);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    const alert = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /cannot be merged/ }) });
    await expect(alert).toContainText("In conflict: text, title");
    await alert.getByRole("button", { name: "Resolve the conflicts" }).click();
    await expect(resolver).toBeVisible();
    // Focus moves to the resolution, so that a keyboard or screen reader user lands in it.
    await expect(resolver.getByRole("heading", { level: 2 })).toBeFocused();
    // Cancel goes back to the list, the keyboard on the button that opened the resolution.
    await resolver.getByRole("button", { name: "Cancel" }).click();
    await expect(alert.getByRole("button", { name: "Resolve the conflicts" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(resolver.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(resolver.getByRole("status")).toHaveText("3 conflicts left to resolve.");
    await screenshot(page, "conflicts-resolve-start-1280");
  });

  await test.step("each hunk shows the three versions, and the whole page can be compared", async () => {
    const first = resolver.getByRole("group", { name: /Text conflict 1 of 2/ });
    await expect(first.getByRole("figure")).toHaveText([
      "Before both changes, line 1Uploads start in the editor.",
      "In the space (main), line 1Uploads start in the sidebar.",
      "In this change request, line 1Uploads start in the toolbar.",
    ]);
    const second = resolver.getByRole("group", { name: /Text conflict 2 of 2/ });
    await expect(second.getByRole("figure").nth(2)).toHaveText("In this change request, line 5Files are kept until deleted.");
    await resolver.getByText("Compare the whole page in the three versions").click();
    await expect(resolver.getByLabel("In the space (main), whole page")).toContainText("kept for a year");
    await expect(resolver.getByLabel("Before both changes, whole page").locator("mark")).toHaveText(["1Uploads start in the editor.", "5Files are kept forever."]);
  });

  await test.step("one hunk from each side and the change request's title; the result shows it", async () => {
    // Keyboard: the first choice of a hunk is reached with Tab and chosen with Space.
    const takeMain = resolver.getByRole("group", { name: /Text conflict 1 of 2/ }).getByRole("radio", { name: "Take main's" });
    await takeMain.focus();
    await page.keyboard.press("Space");
    await expect(takeMain).toBeChecked();
    await resolver.getByRole("group", { name: /Text conflict 2 of 2/ }).getByRole("radio", { name: "Take this change request's" }).check();
    const result = resolver.getByRole("textbox", { name: /Resulting text/ });
    await expect(result).toHaveValue("Uploads start in the sidebar.\n\nPick a file to send.\n\nFiles are kept until deleted.\n");
    await expect(resolver.getByRole("status")).toHaveText("1 conflict left to resolve.");
    await resolver.getByRole("group", { name: "Title" }).getByRole("radio", { name: /Take this change request's/ }).check();
    await expect(resolver.getByRole("status")).toHaveText("All conflicts are resolved.");
    await expectAccessible(page, "section[aria-labelledby='resolve-title']");
    await resolver.scrollIntoViewIfNeeded();
    await screenshot(page, "conflicts-resolve-1280");
    for (const [name, width] of [["768", 768], ["390", 390]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await resolver.getByRole("group", { name: /Text conflict 1 of 2/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `conflicts-resolve-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("resolving updates the change request; then it merges, and main has the resolved content", async () => {
    await resolver.getByRole("button", { name: "Resolve and update" }).click();
    await expectNotice(page, "Conflicts resolved: this change request now has the space's latest content, and can be merged.");
    await expect(resolver).toHaveCount(0);
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await expectNotice(page, `Change request #${number} merged.`);
    const main = await api(request, "get", `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
    expect(main.markdown).toBe("Uploads start in the sidebar.\n\nPick a file to send.\n\nFiles are kept until deleted.\n");
    expect(main.title).toBe("File uploads");
  });
});

test("a resolution made against content that moved on is refused with the fresh conflicts, written for people", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, spaceId } = await createSpaceOverApi(request, `Stale ${suffix}`, "Handbook");
  const base = "One.\n\nTwo.\n";
  const { pageId, number } = await conflictingEdits(request, spaceId, base, { main: [["One.", "One, main."]], mine: [["One.", "One, mine."]] });

  await page.goto(`${spacePath}/change-requests/${number}`);
  await page.getByRole("button", { name: "Update from main" }).click();
  await page.getByRole("button", { name: "Resolve the conflicts" }).click();
  const resolver = page.getByRole("region", { name: "Resolve the conflicts with the space's content" });
  await resolver.getByRole("radio", { name: "Take both" }).check();
  await resolver.getByRole("group", { name: "Title" }).getByRole("radio", { name: /Write it/ }).check();
  await resolver.getByRole("textbox", { name: "Title, written" }).fill("Our uploads");

  // Meanwhile main moves on: another change request edits the same line.
  const crs = `/v1/spaces/${spaceId}/change-requests`;
  const later = (await api(request, "post", crs, { subject: "Later" })) as { id: string };
  await api(request, "post", `${crs}/${later.id}/content?compat=false`, { changes: [{ operation: "update_page", page: pageId, document: { markdown: "One, main again.\n\nTwo.\n" } }] });
  await api(request, "post", `${crs}/${later.id}/merge`);

  await resolver.getByRole("button", { name: "Resolve and update" }).click();
  await expect(resolver.getByRole("alert")).toHaveText(/changed since these conflicts were found/);
  // The resolution starts again on the fresh versions.
  await expect(resolver.getByRole("group", { name: /Text conflict 1 of 1/ }).getByRole("figure").nth(1)).toContainText("One, main again.");
  await expect(resolver.getByRole("status")).toHaveText("2 conflicts left to resolve.");
  await screenshot(page, "conflicts-resolve-stale-1280");
});
