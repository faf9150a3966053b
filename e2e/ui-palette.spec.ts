import { expect, test } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, publishThroughApi, screenshot, uniqueSuffix, v1 } from "./helpers";

/**
 * The command palette (Ctrl-K): a page found by a word of its body opens in the reader at the
 * section that holds it; the results are a keyboard-driven combobox; actions run from it too.
 * The page is written through /v1, as an API client would.
 */

test.use({ viewport: { width: 1280, height: 900 } });

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

// Enough text before the section that its heading starts below the fold.
const FILLER = Array.from({ length: 40 }, (_, index) => `Paragraph ${index + 1} of the introduction, about nothing in particular.`).join("\n\n");

test("Ctrl-K finds a page by a word of its body and opens it at its section; arrows, Enter and Escape drive it", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { spacePath, organizationId, spaceId } = await createSpaceOverApi(request, `Palette ${suffix}`, "Zoo handbook");

  const [pageId] = await test.step("through /v1: a page whose only mention of the word is in its third section", async () => {
    const ids = await publishThroughApi(request, token, spaceId!, "Night work", [
      {
        operation: "insert_page",
        title: "Operations",
        document: { markdown: `${FILLER}\n\n## Night shift\n\nThe keeper checks on the marmoset twice before dawn.\n\n## Closing\n\nLock the gates.\n` },
      },
      { operation: "insert_page", title: "Diet", document: { markdown: "Fruit and insects for the marmoset.\n" } },
    ]);
    // Indexing follows the merge within moments, on the job queue.
    await expect.poll(async () => (await v1(request, token, "get", `/v1/orgs/${organizationId}/search?query=marmoset`)).count, { timeout: 20_000 }).toBe(2);
    return ids;
  });

  await test.step("Ctrl-K opens the palette with the field focused; typing the word lists the page with its section's excerpt", async () => {
    await page.goto(`${spacePath}/change-requests`);
    // The top bar's search button shows once the page's palette has registered its shortcut.
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();
    await page.keyboard.press("Control+K");
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await expect(palette).toBeVisible();
    const field = palette.getByRole("combobox", { name: "Search pages, spaces, change requests and actions" });
    await expect(field).toBeFocused();
    await field.fill("marmoset");
    const results = palette.getByRole("listbox", { name: "Results" });
    const option = results.getByRole("group", { name: "Pages" }).getByRole("option", { name: /Operations/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText("Zoo handbook › Night shift");
    await expect(option).toContainText("keeper checks on the marmoset twice before dawn");
    // The matching word is marked, from plain text.
    await expect(option.locator("mark")).toHaveText(["marmoset"]);
    await expect(page.getByRole("status").filter({ hasText: "2 results." })).toBeAttached();
    await screenshot(page, "palette-results-1280");
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("arrows move the active option (aria-activedescendant) and Enter opens the page at its section", async () => {
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    const field = palette.getByRole("combobox");
    const options = palette.getByRole("option");
    const activeId = () => field.getAttribute("aria-activedescendant");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    expect(await activeId()).toBe(await options.first().getAttribute("id"));
    await field.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.first()).toHaveAttribute("aria-selected", "false");
    expect(await activeId()).toBe(await options.nth(1).getAttribute("id"));
    // Up from the first wraps to the last, and back.
    await field.press("ArrowUp");
    await field.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await field.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    // Down to the Operations page, wherever it ranks, then Enter.
    const target = await palette.getByRole("option", { name: /Operations/ }).getAttribute("id");
    while ((await activeId()) !== target) await field.press("ArrowDown");
    await field.press("Enter");

    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/s/${spaceId}/p/${pageId}#night-shift$`));
    const heading = page.getByRole("heading", { name: "Night shift", level: 2 });
    await expect(heading).toHaveAttribute("id", "night-shift");
    await expect(heading).toBeInViewport();
  });

  await test.step("the top bar's search field opens it too; an action runs; Escape closes without moving", async () => {
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await palette.getByRole("combobox").fill("#1");
    await expect(palette.getByRole("group", { name: "Change requests" }).getByRole("option", { name: /#1 Night work/ })).toBeVisible();
    await palette.getByRole("combobox").press("Escape");
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/p/${pageId}#night-shift$`));

    await page.keyboard.press("Control+K");
    await palette.getByRole("combobox").fill("trash");
    await expect(palette.getByRole("group", { name: "Actions" }).getByRole("option", { name: "Go to trash" })).toHaveAttribute("aria-selected", "true");
    await palette.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`/o/${organizationId}/trash$`));
  });

  await test.step("a word found nowhere says so", async () => {
    await page.keyboard.press("Control+K");
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await palette.getByRole("combobox").fill("xylophonist");
    await expect(palette.getByText("Nothing found for “xylophonist” in the spaces you can see.")).toBeVisible();
    await palette.getByRole("combobox").press("Escape");
  });

  await test.step("on a phone, the top bar's search button opens it across the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const palette = page.getByRole("dialog", { name: "Search everywhere" });
    await palette.getByRole("combobox").fill("marmoset");
    await expect(palette.getByRole("option", { name: /Operations/ })).toBeVisible();
    await screenshot(page, "palette-results-390");
    await expectNoSeriousAxeViolations(page);
  });
});
