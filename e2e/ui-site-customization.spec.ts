import { expect, test, type FrameLocator } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, expectNoSeriousAxeViolations, expectNotice, keepNoticesOf, publishThroughApi, screenshot, screenshotsAcross, uniqueSuffix, v1 } from "./helpers";

/**
 * A site's admin at work beyond its structure: declares the visitor schema, sets a section's
 * condition with completion (and sees an undeclared claim refused as it is typed), customizes the
 * site's look with the preview — the site's own pages, rendered by the published site's renderer —
 * following before saving, creates and copies a share link, regenerates the visitor authentication
 * key, adds a redirect and publishes.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const VISITOR_SCHEMA = {
  type: "object",
  properties: {
    plan: { type: "string", description: "The visitor's plan", enum: ["free", "pro", "enterprise"] },
  },
  additionalProperties: false,
};

/**
 * A custom property of the previewed page's root, as the site's stylesheet and the customization set
 * it; null while the frame is between two renders (each change loads a new document), so that
 * expect.poll asks again rather than failing on the navigation.
 */
const rootProperty = (frame: FrameLocator, name: string) =>
  frame
    .locator("html")
    .evaluate((root, property) => getComputedStyle(root).getPropertyValue(property).trim(), name)
    .catch(() => null);

test("an admin sets a condition with completion, customizes with a live preview, shares, regenerates the visitor key, adds a redirect and publishes", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const suffix = uniqueSuffix();
  const { organizationId, spaceId } = await createSpaceOverApi(request, `Customize ${suffix}`, "Guides");
  await keepNoticesOf(page);
  const token = adminApiToken();
  await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: "Changelog" });
  await publishThroughApi(request, token, spaceId, "The guides", [
    { operation: "insert_page", title: "Getting started", document: { markdown: "Start here.\n\n```bash\nnpm install acme\n```\n" } },
    { operation: "insert_page", title: "Configuration", document: { markdown: "Set `theme` in **acme.json**.\n" } },
  ]);
  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Acme Docs", spaces: [spaceId] })) as { id: string };
  const sitePath = `/o/${organizationId}/sites/${site.id}`;
  const tabs = page.getByRole("navigation", { name: "Site" });

  await test.step("declare the visitor schema; a malformed one is refused with the service's reason", async () => {
    await page.goto(`${sitePath}/customization`);
    await page.getByRole("link", { name: "Visitor schema (adaptive content)" }).click();
    const field = page.getByLabel("JSON Schema");
    await field.fill("{ not json");
    await expect(page.getByText(/^Not valid JSON/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save visitor schema" })).toBeDisabled();
    await field.fill(JSON.stringify({ type: "object", properties: { plan: { type: "date", description: "?" } }, additionalProperties: false }));
    await page.getByRole("button", { name: "Save visitor schema" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /plan/ })).toBeVisible();
    await field.fill(JSON.stringify(VISITOR_SCHEMA, null, 2));
    await page.getByRole("button", { name: "Save visitor schema" }).click();
    await expectNotice(page, "Visitor schema saved.");
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("set a section's condition with completion, see an undeclared claim refused, fix it and save", async () => {
    await tabs.getByRole("link", { name: "Structure" }).click();
    await page.getByRole("button", { name: "Add section" }).click();
    const dialog = page.getByRole("dialog", { name: "Add the site's first section" });
    await dialog.getByRole("radio", { name: "Changelog" }).check();
    await dialog.getByLabel("Section title").fill("What's new");
    await dialog.getByRole("button", { name: "Regroup and add section" }).click();
    await expect(dialog).toBeHidden();
    const panel = page.getByRole("region", { name: "Section What's new" });
    await panel.getByRole("button", { name: "Edit", exact: true }).click();
    const condition = panel.getByRole("combobox", { name: "Condition" });
    await condition.click();
    await condition.pressSequentially("visitor.claims.pl");
    const completions = page.getByRole("listbox", { name: "Condition completions" });
    await expect(completions.getByRole("option", { name: /^plan/ })).toBeVisible();
    // Enter takes the completion, and a space is typed before the next frame (a fast typist on a busy
    // machine): the caret stays after the space, and what follows lands after it.
    await condition.evaluate(async (field: HTMLInputElement) => {
      field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      // React shows the taken completion in a microtask: wait for it, not for a frame.
      for (let turn = 0; turn < 10 && field.value !== "visitor.claims.plan"; turn++) await Promise.resolve();
      document.execCommand("insertText", false, " ");
    });
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
    await condition.pressSequentially("=== ");
    await expect(condition).toHaveValue("visitor.claims.plan === ");
    await expect(completions.getByRole("option", { name: /^"pro"/ })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(completions.getByRole("option", { name: /^"pro"/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(condition).toHaveValue('visitor.claims.plan === "pro"');
    await expect(panel.getByText("Valid. Shown to visitors whose claims make this true.")).toBeVisible();

    await condition.fill('visitor.claims.tier === "gold"');
    await expect(condition).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByText(/^Character \d+: visitor\.claims\.tier is not declared/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "site-condition-error-1280");

    await condition.fill('visitor.claims.plan === "pro"');
    await expect(condition).not.toHaveAttribute("aria-invalid", "true");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText('visitor.claims.plan === "pro"', { exact: true })).toBeVisible();
  });

  const preview = page.frameLocator('iframe[title="Preview of the site\'s page"]');

  await test.step("the preview shows the site's own pages; change the primary color and see it follow before saving; add a header link and an announcement", async () => {
    await tabs.getByRole("link", { name: "Customization" }).click();
    await expect(page.getByRole("heading", { name: "Customization", level: 2 })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
    await expect(preview.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Configuration" })).toBeVisible();
    await page.getByLabel("Page", { exact: true }).selectOption({ label: "Configuration" });
    await expect(preview.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
    await page.getByLabel("Page", { exact: true }).selectOption({ label: "Introduction" });
    await expect(preview.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();

    await page.getByLabel("Primary color, light", { exact: true }).fill("#be123c");
    await expect.poll(() => rootProperty(preview, "--primary-fill")).toBe("#be123c");
    await page.getByLabel("Primary color, dark", { exact: true }).fill("#fb7185");
    await page.getByRole("group", { name: "Preview theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(preview.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByRole("group", { name: "Preview theme" }).getByRole("button", { name: "Light" }).click();
    await expect(preview.locator("html")).not.toHaveClass(/\bdark\b/);

    await page.getByLabel("Primary color, light", { exact: true }).fill("#be12");
    await expect(page.getByText("A color code such as #346ddb.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await expect(page.getByText("The preview waits until the problems listed under the form are fixed.")).toBeVisible();
    await page.getByLabel("Primary color, light", { exact: true }).fill("#be123c");

    await page.getByRole("button", { name: "Add header link" }).click();
    await page.getByRole("group", { name: "Header links" }).getByLabel("Title", { exact: true }).fill("Support");
    await page.getByRole("group", { name: "Header links" }).getByLabel("URL", { exact: true }).fill("https://example.com/support");
    await expect(preview.getByRole("link", { name: "Support" })).toBeVisible();

    await page.getByRole("switch", { name: "Show an announcement" }).click();
    await page.getByRole("group", { name: "Announcement" }).getByLabel("Message").fill("Version 2 is out");
    await expect(preview.getByRole("region", { name: "Announcement" })).toHaveText(/Version 2 is out/);

    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectNotice(page, "Customization saved.");
    await expect(page.getByText("All changes saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Primary color, light", { exact: true })).toHaveValue("#be123c");
    await expect.poll(() => rootProperty(preview, "--primary-fill")).toBe("#be123c");
    await expect(preview.getByRole("link", { name: "Support" })).toBeVisible();
    await page.getByRole("group", { name: "Preview width" }).getByRole("button", { name: "Phone" }).click();
    await expect(preview.getByRole("link", { name: "Pages", exact: true })).toBeVisible();
    await screenshotsAcross(page, "site-customization", expectNoSeriousAxeViolations);
    await page.getByRole("group", { name: "Preview width" }).getByRole("button", { name: "Desktop" }).click();
  });

  await test.step("override the customization for one variant, then reset it to the site's", async () => {
    await page.getByLabel("Customize", { exact: true }).selectOption({ label: "Variant: What's new › Changelog" });
    // The variant's state line (the toasts name the variant too, so it is found by its whole text).
    const follows = page.getByText(/^What's new › Changelog follows the site's customization\. Saving here/);
    await expect(follows).toBeVisible();
    await expect(page.getByLabel("Primary color, light", { exact: true })).toHaveValue("#be123c");
    await expect(page.getByLabel("Font", { exact: true })).toBeDisabled();
    await page.getByLabel("Primary color, light", { exact: true }).fill("#0f766e");
    await expect.poll(() => rootProperty(preview, "--primary-fill")).toBe("#0f766e");
    await page.getByRole("button", { name: "Override for this variant" }).click();
    await expect(page.getByText(/^What's new › Changelog has its own customization/)).toBeVisible();
    await expect(page.getByLabel("Primary color, light", { exact: true })).toHaveValue("#0f766e");
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Reset to the site's" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset this variant's customization?" });
    await dialog.getByRole("button", { name: "Reset", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(follows).toBeVisible();
    await expect(page.getByLabel("Primary color, light", { exact: true })).toHaveValue("#be123c");
  });

  await test.step("create a share link, copy it, deactivate it", async () => {
    await tabs.getByRole("link", { name: "Access" }).click();
    await expect(page.getByText("No share links yet")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "New share link" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New share link" });
    await dialog.getByRole("button", { name: "Create and copy" }).click();
    await expect(dialog.getByText("Give the link a name, such as who it is for.")).toBeVisible();
    await dialog.getByLabel("Name").fill("Reviewers");
    await dialog.getByRole("button", { name: "Create and copy" }).click();
    await expect(dialog).toBeHidden();
    await expectNotice(page, "Share link “Reviewers” created and copied.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^https?:\/\//);
    const row = page.getByRole("list", { name: "Share links" }).getByRole("listitem").filter({ hasText: "Reviewers" });
    await expect(row).toContainText("Active");
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await row.getByRole("button", { name: "Copy link Reviewers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link “Reviewers” copied." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    await row.getByRole("button", { name: "Deactivate Reviewers" }).click();
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: "Reactivate Reviewers" })).toBeVisible();
  });

  await test.step("reveal and regenerate the visitor authentication key", async () => {
    const key = page.getByTestId("signing-key");
    await expect(key).toContainText("••••");
    await page.getByRole("button", { name: "Reveal key" }).click();
    await expect(key).not.toContainText("••••");
    const before = await key.innerText();
    await page.getByRole("button", { name: "Regenerate key" }).click();
    const dialog = page.getByRole("dialog", { name: "Regenerate the signing key?" });
    await dialog.getByRole("button", { name: "Regenerate key" }).click();
    await expect(dialog).toBeHidden();
    await expectNotice(page, "New key made.");
    await expect(key).not.toHaveText(before);
    await page.getByRole("button", { name: "Hide key" }).click();
    await page.getByLabel("Fallback URL").fill("not a url");
    await expect(page.getByText("An address starting with https:// or http://.")).toBeVisible();
    await page.getByLabel("Fallback URL").fill("https://example.com/login");
    await page.getByRole("button", { name: "Save addresses" }).click();
    await expectNotice(page, "Visitor authentication saved.");
    await expectNoSeriousAxeViolations(page);
    await screenshotsAcross(page, "site-access");
  });

  await test.step("add a redirect", async () => {
    await tabs.getByRole("link", { name: "Redirects" }).click();
    await expect(page.getByText("No redirects yet")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Add redirect" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add redirect" });
    await dialog.getByLabel("From path").fill("old guide");
    await expect(dialog.getByText("The path must start with /.")).toBeVisible();
    await dialog.getByLabel("From path").fill("/old-guide");
    await dialog.getByLabel("Leads to").selectOption({ label: "Another address (URL)" });
    await dialog.getByLabel("Address").fill("https://example.com/guide");
    await dialog.getByRole("button", { name: "Add redirect" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("list", { name: "Redirects" }).getByRole("listitem").filter({ hasText: "/old-guide" });
    await expect(row).toContainText("https://example.com/guide");
    await expectNoSeriousAxeViolations(page);
    await screenshotsAcross(page, "site-redirects");
  });

  await test.step("publish", async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
  });
});

/** Bytes that begin as a WOFF2 file does: the server checks the signature; browsers ignore a font they cannot read. */
const woff2 = (size = 256) => {
  const bytes = Buffer.alloc(size, 7);
  bytes.write("wOF2", 0, "latin1");
  return bytes;
};

test("an admin uploads a font for the organization, sees a file that is no font refused, and picks the font for the site", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const { organizationId, spaceId } = await createSpaceOverApi(request, `Fonts ${suffix}`, "Guides");
  await keepNoticesOf(page);
  const token = adminApiToken();
  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Font Docs", spaces: [spaceId] })) as { id: string };
  const family = `Brand Sans ${suffix}`;
  await page.goto(`/o/${organizationId}/sites/${site.id}/customization`);

  await test.step("the upload dialog explains what is missing and what the server refused", async () => {
    await page.getByRole("button", { name: "Upload a font" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload a font" });
    await dialog.getByLabel("Font name", { exact: true }).fill(family);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Choose a file for the Regular (400) weight");
    await dialog.getByLabel("Regular (400), required").setInputFiles({ name: "brand.woff2", mimeType: "font/woff2", buffer: Buffer.from("<!doctype html><p>not a font</p>") });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("brand.woff2 is not a WOFF2 or WOFF font file");
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "custom-font-upload-refused");
    await dialog.getByLabel("Regular (400), required").setInputFiles({ name: "brand-regular.woff2", mimeType: "font/woff2", buffer: woff2() });
    await dialog.getByLabel("Bold (700)").setInputFiles({ name: "brand-bold.woff2", mimeType: "font/woff2", buffer: woff2(300) });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectNotice(page, `${family} uploaded`);
  });

  await test.step("pick it as the site's font: the preview uses it, and the saved customization carries its files", async () => {
    const font = page.getByLabel("Font", { exact: true });
    await font.selectOption({ label: `${family} (uploaded)` });
    const preview = page.frameLocator('iframe[title="Preview of the site\'s page"]');
    await expect(preview.locator("body")).toHaveCSS("font-family", new RegExp(family));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved")).toBeVisible();
    const saved = (await v1(request, token, "get", `/v1/orgs/${organizationId}/sites/${site.id}/customization`)) as { styling: { font: { fontFamily: string; fontFaces: { weight: number; sources: { url: string }[] }[] } } };
    expect(saved.styling.font.fontFamily).toBe(family);
    expect(saved.styling.font.fontFaces.map((face) => face.weight)).toEqual([400, 700]);
    const file = await request.get(saved.styling.font.fontFaces[0]!.sources[0]!.url);
    expect(file.headers()["content-type"]).toBe("font/woff2");
    expect(file.headers()["access-control-allow-origin"]).toBe("*");
    await page.reload();
    await expect(page.getByLabel("Font", { exact: true }).locator("option:checked")).toHaveText(`${family} (uploaded)`);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "custom-font-picked");
  });
});
