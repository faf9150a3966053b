import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createSpace, screenshot, signIn, uniqueSuffix } from "./helpers";

/**
 * A merge that conflicts, as a reviewer meets it: the review screen lists the conflicting page
 * by its title (one the old message parsing garbled), the fields in conflict with both values,
 * and both versions of the conflicting lines. The content is prepared through /v1, as an API
 * client would write it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const TITLE = "Setup; file uploads";
const BASE = "Upload files from the editor.\nEach file may be 10 MB.\nFiles are kept forever.\n";

let headers: Record<string, string>;
test.beforeAll(() => {
  // Same data folder as the web server, so the command uses its running database.
  const token = execFileSync("npm", ["run", "--silent", "token", "--", process.env.QUIRE_ADMIN_EMAIL!], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  });
  headers = { Authorization: `Bearer ${token.trim()}` };
});

async function api(request: APIRequestContext, method: "get" | "post", path: string, data?: unknown) {
  const response = await request[method](path, { headers, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("a conflicting merge shows the page, the fields in conflict and both versions of the lines", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  await signIn(page);
  const spacePath = await createSpace(page, `Conflicts ${suffix}`, "Handbook");
  const spaceId = spacePath.split("/").pop()!;
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
