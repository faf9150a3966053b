import { expect, test } from "@playwright/test";
import { createSpaceOverApi, expectNotice, expectSaved, keepNoticesOf, screenshot, uniqueSuffix, writeMarkdown } from "./helpers";

/**
 * A change request from start to finish, as a person would do it: open one on a new space,
 * write a page in the editor, review its diff (rendered and source), merge it, and read the
 * merged page in the space's reader.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const PAGE_TEXT = `Quire keeps every change in a change request until it is merged.

{% hint style="info" %}
Merged text is what readers see.
{% endhint %}

| Step | Who |
| --- | --- |
| Write | Editor |
| Merge | Reviewer |

\`\`\`ts
const merged = true;
\`\`\`

Made with {{ space.vars.product }}.
`;

test("create a change request, edit a page, see the diff, merge, read the merged page", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath } = await createSpaceOverApi(request, `Docs ${suffix}`, "Handbook");
  await keepNoticesOf(page);
  await page.goto(spacePath);

  await test.step("the space has no change request yet; open one", async () => {
    const tabs = page.getByRole("navigation", { name: "Space" });
    await expect(tabs.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Change requests" }).click();
    await expect(page).toHaveURL(`${spacePath}/change-requests`);
    await expect(tabs.getByRole("link", { name: "Change requests" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No change requests yet")).toBeVisible();
    await screenshot(page, "change-requests-empty-1280");
    await page.getByRole("button", { name: "New change request" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New change request" });
    await dialog.getByLabel("Subject").fill("Explain merging");
    await dialog.getByRole("button", { name: "Create change request" }).click();
    await expect(page).toHaveURL(/\/change-requests\/1\/edit$/);
  });

  await test.step("write the page's markdown in the editor's source mode: the preview renders as one types; it saves by itself", async () => {
    const pages = page.getByRole("complementary", { name: "Pages of the change request" });
    await expect(pages.getByRole("button", { name: "Introduction" })).toHaveAttribute("aria-current", "page");
    await writeMarkdown(page, PAGE_TEXT);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("note", { name: "Info" })).toHaveText("Merged text is what readers see.");
    await expect(preview.getByRole("table")).toContainText("Reviewer");
    await screenshot(page, "editor-1280");
    await expectSaved(page);
    // Back in the block editor, the page reads the same.
    await page.getByRole("button", { name: "Blocks", exact: true }).click();
    const editor = page.getByRole("textbox", { name: "Content of “Introduction”" });
    await expect(editor.getByRole("note")).toContainText("Merged text is what readers see.");
    await expect(editor.getByRole("table")).toContainText("Reviewer");
  });

  await test.step("set a space variable the page reads", async () => {
    await page.getByRole("button", { name: "Space variables" }).click();
    const dialog = page.getByRole("dialog", { name: "Space variables" });
    await dialog.getByLabel("Name of variable 1").fill("product name");
    await dialog.getByLabel("Value of variable 1").fill("Quire");
    await dialog.getByRole("button", { name: "Save variables" }).click();
    await expect(dialog.getByText("The name must be a letter or _ followed by letters, digits or _.")).toBeVisible();
    await dialog.getByLabel("Name of variable 1").fill("product");
    await screenshot(page, "editor-variables-1280");
    await dialog.getByRole("button", { name: "Save variables" }).click();
    await expectNotice(page, "Variables saved.");
    await expect(dialog).toBeHidden();
  });

  await test.step("review: the list of changes and the page's diff, rendered and as source", async () => {
    await page.getByRole("link", { name: "Review changes" }).click();
    await expect(page).toHaveURL(/\/change-requests\/1$/);
    await expect(page.getByRole("heading", { name: /Explain merging/ })).toBeVisible();
    const changes = page.getByRole("list", { name: "Changes" });
    await expect(changes.getByRole("button", { name: /Introduction/ })).toContainText("Edited");

    const rendered = page.getByRole("region", { name: "Rendered changes of Introduction" });
    await expect(rendered.getByRole("group", { name: "Added" }).first()).toContainText("Quire keeps every change");
    await expect(rendered.getByRole("note", { name: "Info" })).toBeVisible();
    await screenshot(page, "review-rendered-1280");

    await page.getByRole("button", { name: "Source" }).click();
    await expect(page.getByRole("button", { name: "Source" })).toHaveAttribute("aria-pressed", "true");
    const source = page.getByRole("table", { name: "Source changes of Introduction" });
    await expect(source.getByRole("row").filter({ hasText: "Added line: Quire keeps every change" })).toHaveCount(1);
    await expect(source.getByRole("row").filter({ hasText: "Added line: | Merge | Reviewer |" })).toHaveCount(1);
    await screenshot(page, "review-source-1280");

    await changes.getByRole("button", { name: /Space variables/ }).click();
    const variables = page.getByRole("definition").filter({ hasText: "Quire" });
    await expect(page.getByRole("term").filter({ hasText: "product" })).toBeVisible();
    await expect(variables).toContainText("Added");
  });

  await test.step("submit for review, then merge", async () => {
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expectNotice(page, "Submitted for review.");
    await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible();
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await expectNotice(page, "Change request #1 merged.");
    await expect(page.getByText("These changes are part of the space's content.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Merge", exact: true })).toHaveCount(0);
    await screenshot(page, "review-merged-1280");
  });

  await test.step("the list shows it under Merged", async () => {
    await page.getByRole("link", { name: "Change requests", exact: true }).first().click();
    await expect(page.getByText("No change requests yet")).toHaveCount(0);
    await page.getByRole("button", { name: /^Merged/ }).click();
    await expect(page.getByRole("list", { name: "Merged change requests" }).getByRole("link")).toHaveText("#1 Explain merging");
    await expect(page).toHaveURL(/status=merged$/);
  });

  await test.step("read the merged page in the space", async () => {
    await page.goto(`${spacePath}/change-requests/1`);
    await page.getByRole("link", { name: "Read the space" }).click();
    await expect(page).toHaveURL(/\/p\/[^/]+$/);
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText("Introduction");
    await expect(article).toContainText("Quire keeps every change in a change request until it is merged.");
    await expect(article.getByRole("note", { name: "Info" })).toHaveText("Merged text is what readers see.");
    await expect(article.getByRole("table")).toContainText("Reviewer");
    await expect(article).toContainText("Made with Quire.");
    await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Introduction" })).toHaveAttribute("aria-current", "page");
    await screenshot(page, "reader-1280");

    await page.setViewportSize({ width: 800, height: 900 });
    await expect(article).toContainText("Quire keeps every change");
    await screenshot(page, "reader-800");
  });
});
