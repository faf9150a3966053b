import { expect, test } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, publishThroughApi, screenshot, uniqueSuffix } from "./helpers";

/**
 * A space's history: two edits made through /v1 are listed newest first; the diff between two
 * picked versions shows in the review screen's rendered and source views; an earlier version is
 * readable, and restoring a page from it opens a change request that puts it back.
 */

test.use({ viewport: { width: 1280, height: 900 } });

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

test("history lists the merged change requests, diffs two versions, reads an old one and restores a page from it", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, spaceId } = await createSpaceOverApi(request, `History ${suffix}`, "Field guide");

  await test.step("through /v1: a page written, then rewritten and renamed", async () => {
    const [pageId] = await publishThroughApi(request, token, spaceId, "Write the herons page", [
      { operation: "insert_page", title: "Herons", document: { markdown: "## Where\n\nHerons wade in **shallow** water.\n\nThey nest in colonies.\n" } },
    ]);
    await publishThroughApi(request, token, spaceId, "Rewrite the herons page", [
      { operation: "update_page", page: pageId, title: "Grey herons", document: { markdown: "## Where\n\nHerons wade in **deep** rivers.\n\nThey nest in colonies.\n\nThey eat fish.\n" } },
    ]);
  });

  const versions = page.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  await test.step("the History tab lists the versions newest first: who, when, what changed", async () => {
    await page.goto(`${spacePath}/change-requests`);
    await page.getByRole("navigation", { name: "Space" }).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText("#2 Rewrite the herons page");
    await expect(versions.nth(0)).toContainText("Current");
    await expect(versions.nth(0)).toContainText("1 page: 1 edited");
    await expect(versions.nth(1)).toContainText("#1 Write the herons page");
    await expect(versions.nth(1)).toContainText("1 page: 1 added");
    await expect(versions.nth(2)).toContainText("Space created");
  });

  await test.step("two versions picked and compared: the rendered diff, then the source diff", async () => {
    await versions.nth(0).getByRole("checkbox").check();
    await versions.nth(2).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page).toHaveURL(/\/history\?from=.+&to=.+/);
    const diff = page.getByRole("region", { name: /^Changes/ });
    await expect(diff).toContainText("From “Space created” to “#2 Rewrite the herons page”");
    const changes = diff.getByRole("list", { name: "Changes" });
    // The space's first page, there from the start, did not change.
    await expect(changes.getByRole("button")).toHaveCount(1);
    await expect(changes.getByRole("button", { name: /Grey herons/ })).toContainText("Created");

    // The first version against the latest: the page was edited and renamed.
    await versions.nth(1).getByRole("checkbox").check();
    await versions.nth(0).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(diff).toContainText("From “#1 Write the herons page” to “#2 Rewrite the herons page”");
    await changes.getByRole("button", { name: /Grey herons/ }).click();
    const detail = page.getByRole("region", { name: "Grey herons" });
    await expect(detail.getByRole("group", { name: "Diff view" }).getByRole("button", { name: "Rendered" })).toHaveAttribute("aria-pressed", "true");
    await expect(detail.locator("ins").filter({ hasText: "Grey herons" })).toBeVisible();
    await expect(detail.getByRole("region", { name: "Rendered changes of Grey herons" }).getByRole("group", { name: "Added" }).filter({ hasText: "They eat fish." })).toBeVisible();
    await screenshot(page, "history-diff-rendered-1280");
    await expectNoSeriousAxeViolations(page);

    await detail.getByRole("button", { name: "Source" }).click();
    const source = detail.getByRole("table", { name: "Source changes of Grey herons" });
    await expect(source.getByRole("row", { name: /Removed line.*shallow/ })).toBeVisible();
    await expect(source.getByRole("row", { name: /Added line.*deep/ })).toBeVisible();
    await screenshot(page, "history-diff-source-1280");

    // On a phone the versions and the diff stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await detail.getByRole("button", { name: "Rendered" }).click();
    await diff.scrollIntoViewIfNeeded();
    await screenshot(page, "history-diff-390");
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("an earlier version reads as it was, and restoring its page opens a change request", async () => {
    await versions.nth(1).getByRole("link", { name: /^Read the space as of/ }).click();
    await expect(page).toHaveURL(/\/revisions\/[^/]+\/p\/[^/]+$/);
    await expect(page.getByText("You are reading an earlier version of this space")).toBeVisible();
    // Its page tree is that version's: the page under its old title.
    await page.getByRole("navigation", { name: "Pages", exact: true }).getByRole("link", { name: "Herons", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Herons", level: 1 })).toBeVisible();
    await expect(page.getByText("Herons wade in shallow water.")).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "Restore this page" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${spaceId}/change-requests/3$`));
    await expect(page.getByText("Restore “Herons”").first()).toBeVisible();
    const changes = page.getByRole("list", { name: "Changes" });
    await expect(changes.getByRole("button", { name: /Herons/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Herons" }).getByText("Herons wade in shallow water.")).toBeVisible();
  });
});
