import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminApiToken, colorScheme, createSpaceOverApi, expectNoSeriousAxeViolations, expectNotice, keepNoticesOf, publishThroughApi, screenshotsAcross, uniqueSuffix, v1, withoutTransitions } from "./helpers";

/**
 * The scenario: an integration published through /v1 with an endpoint on a receiver this
 * spec runs; in the browser an admin installs it on one space, configures that space with a
 * validation error then correctly, the space is edited, and the integration's event log shows the
 * delivered `space_content_updated` event and its trace — the receiver got it, signed.
 * (playwright.config.ts lets the server deliver to 127.0.0.1 with QUIRE_FETCH_ALLOWLIST.)
 */

type Received = { type: string; body: string; headers: Record<string, string | string[] | undefined> };

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ type: String(request.headers["x-quire-event-type"] ?? ""), body, headers: request.headers });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Whether the documented signature (docs/events.md) of a delivery checks out with the secret. */
function signatureValid(delivery: Received, secret: string): boolean {
  const header = String(delivery.headers["x-quire-signature"] ?? "");
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1Hex = /(?:^|,)v1=([0-9a-f]+)/.exec(header)?.[1];
  if (!t || !v1Hex) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest();
  const given = Buffer.from(v1Hex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Light and dark (the app follows the system's scheme), at a laptop's and a phone's width, each checked by
 * axe-core and saved for the README as docs/screenshots/integrations-<name>-<width>-<scheme>.png; without
 * reloading, so that a state on screen (a field's error) is what is pictured. Ends light at the laptop width.
 */
async function documentedScreenshots(page: Page, name: string, focus?: Locator) {
  // Buttons would ease into the new theme's colors (transition-colors): off, the colors are final at once.
  const restore = await withoutTransitions(page);
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ["light", "dark"] as const) {
      await colorScheme(page, scheme);
      await expectNoSeriousAxeViolations(page);
      if (focus) await focus.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/integrations-${name}-${width}-${scheme}.png` });
    }
  }
  await colorScheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
  await restore();
}

test.use({ viewport: { width: 1280, height: 900 } });

test("an admin installs an integration on one space, configures it, and sees the space's edit delivered in the event log", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const token = adminApiToken();
  const { spacePath, organizationId, spaceId } = await createSpaceOverApi(request, `Integrations ${suffix}`, "Handbook");
  await keepNoticesOf(page);
  await page.goto(spacePath);
  // A second space, which the installation must not reach.
  const archive = (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: "Archive" })) as { id: string };

  const name = `notifier-${suffix}`;
  const published = (await v1(request, token, "post", `/v1/integrations/${name}`, {
    title: "Notifier",
    description: "Posts a message to your team chat when a space changes.",
    summary: "## What it does\n\nWhen someone **merges** a change, Notifier posts a message to the channel you choose.\n\n- One channel per space\n- Retries when the chat is down\n",
    visibility: "private",
    target: "space",
    scopes: ["space:content:read", "space:metadata:read"],
    categories: ["collaboration"],
    externalLinks: [{ url: "https://example.com/notifier", label: "Documentation" }],
    configurations: {
      space: {
        properties: {
          channel: { type: "string", title: "Channel", description: "Where messages go, e.g. #docs" },
          retries: { type: "number", title: "Retries", description: "How many times to retry", default: 2 },
          mentions: { type: "boolean", title: "Mention authors" },
        },
        required: ["channel"],
      },
    },
    script: "",
    organization: organizationId,
    endpoint: receiverUrl,
  })) as { signingSecret: string };
  expect(published.signingSecret).toMatch(/^whsec_/);

  await test.step("the catalog lists it as the organization's own, private integration", async () => {
    await page.getByRole("complementary", { name: "Organization navigation" }).getByRole("link", { name: "Integrations" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
    const card = page.getByRole("list", { name: "Integrations" }).getByRole("listitem").filter({ hasText: "Notifier" });
    await expect(card).toContainText("Private");
    await expect(card).toContainText("Your organization’s");
    await page.getByRole("searchbox", { name: "Search integrations" }).fill("no such thing");
    await expect(page.getByText("No integration matches “no such thing”.")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search integrations" }).fill("notifier");
    await expect(card).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await documentedScreenshots(page, "catalog");
  });

  await test.step("its page explains it, and it installs on one chosen space", async () => {
    await page.getByRole("link", { name: "Notifier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Notifier" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What it does" })).toBeVisible();
    await expect(page.getByText("Read the content of the spaces it is installed on.")).toBeVisible();
    await page.getByRole("button", { name: "Install", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Install “Notifier”" });
    await dialog.getByLabel("Only the spaces I choose").check();
    await dialog.getByRole("checkbox", { name: "Handbook" }).check();
    await dialog.getByRole("button", { name: "Install", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: /^Installed/ })).toBeVisible();
    const spaces = page.getByRole("list", { name: "Spaces it is installed on" });
    await expect(spaces.getByRole("listitem")).toHaveCount(1);
    await expect(spaces).toContainText("Handbook");
    // The required channel is not set yet: the space's installation waits for it.
    await expect(spaces).toContainText("Pending");
  });

  await test.step("while it waits for its configuration, the space's Integrations tab lists it as pending", async () => {
    const integrationPage = page.url();
    await page.goto(`${spacePath}/integrations`);
    const listed = page.getByRole("list", { name: "Integrations on this space" }).getByRole("listitem").filter({ hasText: "Notifier" });
    await expect(listed).toContainText("Pending");
    await expect(listed).toContainText("needs its configuration completed");
    await page.goto(integrationPage);
  });

  await test.step("the space's configuration: a validation error shown by its field, then saved", async () => {
    const spaces = page.getByRole("list", { name: "Spaces it is installed on" });
    await spaces.getByRole("button", { name: "Configure Handbook" }).click();
    await spaces.getByLabel("Channel (required)").fill("#docs");
    await spaces.getByLabel("Retries").fill("three");
    await spaces.getByRole("button", { name: "Save configuration of Handbook" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "“Retries” must be a number" })).toBeVisible();
    const retries = spaces.getByLabel("Retries");
    await expect(retries).toHaveAttribute("aria-invalid", "true");
    await expect(retries).toBeFocused();
    await expect(spaces.getByText("must be a number", { exact: true })).toBeVisible();
    await documentedScreenshots(page, "configuration-error", retries);
    await spaces.getByLabel("Retries").fill("3");
    await spaces.getByRole("button", { name: "Save configuration of Handbook" }).click();
    await expectNotice(page, "The configuration of “Handbook” is saved.");
    await expect(spaces).toContainText("Active");
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("the space's Integrations tab lists it; the other space's does not", async () => {
    await page.goto(`${spacePath}/integrations`);
    await expect(page.getByRole("list", { name: "Integrations on this space" }).getByRole("link", { name: "Notifier", exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/o/${organizationId}/s/${archive.id}/integrations`);
    await expect(page.getByText("No integration is installed on this space")).toBeVisible();
    // A site's tab: the integration is made for spaces alone.
    const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Handbook site", spaces: [spaceId] })) as { id: string };
    await page.goto(`/o/${organizationId}/sites/${site.id}`);
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Integrations" }).click();
    await expect(page.getByText("No integration is installed on this site")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  await test.step("an edit of the space is delivered, signed, and shown with its trace in the event log", async () => {
    await publishThroughApi(request, token, spaceId!, "A new page", [{ operation: "insert_page", title: "On call", document: { markdown: "Who to call at night.\n" } }]);
    await expect.poll(() => received.find((delivery) => delivery.type === "space_content_updated"), { timeout: 30_000 }).toBeTruthy();
    const delivery = received.find((entry) => entry.type === "space_content_updated")!;
    expect(signatureValid(delivery, published.signingSecret)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: "space_content_updated", spaceId });

    await page.goto(`/o/${organizationId}/integrations/${name}`);
    await page.getByRole("navigation", { name: "Integration" }).getByRole("link", { name: "Events" }).click();
    const events = page.getByRole("list", { name: "Events" });
    const row = events.getByRole("listitem").filter({ hasText: "space_content_updated" }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText("Delivered");
    await row.getByRole("button", { name: /^space_content_updated/ }).click();
    const attempts = row.getByRole("list", { name: "Delivery attempts" });
    await expect(attempts).toContainText("200");
    await expectNoSeriousAxeViolations(page);
    await documentedScreenshots(page, "events", attempts);
  });

  await test.step("development mode and the token, for the integration's own admins", async () => {
    await page.getByRole("navigation", { name: "Integration" }).getByRole("link", { name: "Development" }).click();
    // The endpoint alone (the event log's attempts, still on screen as the tab opens, quote it in longer lines).
    await expect(page.getByText(receiverUrl, { exact: true })).toBeVisible();
    await page.getByRole("switch", { name: "Development mode" }).click();
    await page.getByLabel("Tunnel URL").fill("https://tunnel.example.com/quire");
    await page.getByRole("button", { name: "Turn development mode on" }).click();
    await expect(page.getByText("Development mode is on: events are sent to")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshotsAcross(page, "integrations-development");
    await page.getByRole("switch", { name: "Development mode" }).click();
    await expect(page.getByText(`Events are sent to its endpoint,`)).toBeVisible();
  });
});

test("the built-in Webhook integration installs from a new instance's catalog and delivers signed with the secret set", async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const token = adminApiToken();
  const { spaceId, organizationId } = await createSpaceOverApi(request, `Built-ins ${suffix}`, "Guides");
  await keepNoticesOf(page);
  await page.goto(`/o/${organizationId}/integrations`);
  await page.getByRole("list", { name: "Integrations" }).getByRole("link", { name: "Webhook" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook" })).toBeVisible();
  await page.getByRole("button", { name: "Install", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Install “Webhook”" });
  await dialog.getByLabel("All spaces").check();
  await dialog.getByRole("button", { name: "Install", exact: true }).click();
  await expect(dialog).toBeHidden();

  const secret = `secret-${suffix}-of-the-receiver`;
  await page.getByLabel("Receiver URL (required)").fill(receiverUrl);
  await page.getByLabel("Signing secret (required)").fill(secret);
  await page.getByRole("button", { name: "Save configuration" }).first().click();
  await expectNotice(page, "The configuration is saved.");
  await expect(page.getByRole("heading", { name: /^Installed/ })).toContainText("Active");
  await screenshotsAcross(page, "integrations-builtin-webhook", expectNoSeriousAxeViolations);

  await publishThroughApi(request, token, spaceId, "First page", [{ operation: "insert_page", title: "Start here", document: { markdown: "Hello." } }]);
  const isOurs = (delivery: Received) => delivery.type === "space_content_updated" && delivery.body.includes(spaceId);
  await expect.poll(() => received.find(isOurs), { timeout: 30_000 }).toBeTruthy();
  expect(signatureValid(received.find(isOurs)!, secret)).toBe(true);
});
