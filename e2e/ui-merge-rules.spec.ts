import { expect, test } from "@playwright/test";
import { createSpaceOverApi, expectNoSeriousAxeViolations, screenshot, uniqueSuffix } from "./helpers";

/** The merge rules' settings: the organization's in its people section, a space's own under its settings. */

test.use({ viewport: { width: 1280, height: 900 } });

test("an admin requires an approval for the organization, then gives one space its own rules", async ({ page, request }) => {
  const { spacePath, organizationId } = await createSpaceOverApi(request, `Rules ${uniqueSuffix()}`, "Handbook");

  await page.goto(`/o/${organizationId}/people/merge-rules`);
  await expect(page.getByRole("link", { name: "Merge rules" })).toHaveAttribute("aria-current", "page");
  const organizationForm = page.getByRole("form", { name: "Merge rules" });
  await expect(organizationForm.getByLabel("Required approvals")).toHaveValue("0");
  await expect(organizationForm.getByRole("radio", { name: /^Dismiss them/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  // A value out of bounds is named beside the field, and nothing is saved.
  await organizationForm.getByLabel("Required approvals").fill("25");
  await organizationForm.getByRole("button", { name: "Save changes" }).click();
  await expect(organizationForm.getByText("A whole number from 0 to 20.")).toBeVisible();
  await expect(organizationForm.getByLabel("Required approvals")).toBeFocused();

  // With the keyboard: the number, then the radio group by its arrow keys, then Enter submits.
  await organizationForm.getByLabel("Required approvals").fill("1");
  await organizationForm.getByRole("radio", { name: /^Dismiss them/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(organizationForm.getByRole("radio", { name: /^Keep them/ })).toBeChecked();
  await organizationForm.getByLabel("Required approvals").press("Enter");
  await expect(organizationForm.getByText("Settings saved")).toBeVisible();
  await screenshot(page, "merge-rules-organization");
  await page.reload();
  await expect(organizationForm.getByLabel("Required approvals")).toHaveValue("1");
  await expect(organizationForm.getByRole("radio", { name: /^Keep them/ })).toBeChecked();

  await page.goto(spacePath);
  const spaceForm = page.getByRole("form", { name: "Merge rules" });
  // The space follows the organization's rules, which it describes.
  await expect(spaceForm.getByRole("radio", { name: /^The organization's rules/ })).toBeChecked();
  await expect(spaceForm.getByText("1 approval needed to merge; approvals survive edits.")).toBeVisible();
  await expect(spaceForm.getByLabel("Required approvals")).toHaveCount(0);
  await spaceForm.getByRole("radio", { name: /^This space's own rules/ }).check();
  await spaceForm.getByLabel("Required approvals").fill("2");
  await spaceForm.getByRole("button", { name: "Save changes" }).click();
  await expect(spaceForm.getByText("Settings saved")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, "merge-rules-space");
  await page.reload();
  await expect(spaceForm.getByRole("radio", { name: /^This space's own rules/ })).toBeChecked();
  await expect(spaceForm.getByLabel("Required approvals")).toHaveValue("2");

  // Back to the organization's: the space's own values are cleared.
  await spaceForm.getByRole("radio", { name: /^The organization's rules/ }).check();
  await spaceForm.getByRole("button", { name: "Save changes" }).click();
  await expect(spaceForm.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(spaceForm.getByRole("radio", { name: /^The organization's rules/ })).toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await spaceForm.scrollIntoViewIfNeeded();
  await screenshot(page, "merge-rules-space-phone");
});
