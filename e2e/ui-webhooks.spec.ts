import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { colorScheme, createSpaceOverApi, expectNoSeriousAxeViolations, screenshot, screenshotsAcross, sidebar, uniqueSuffix, withoutTransitions } from "./helpers";

/**
 * The webhooks page as an admin uses it: add a webhook pointing at a receiver this spec starts (the
 * server allows loopback deliveries: QUIRE_FETCH_ALLOWLIST in playwright.config.ts), copy its secret
 * shown once, send a test event and see it delivered with its attempt, signed with that secret;
 * change its events, send it again, and delete it.
 */

test.use({ viewport: { width: 1280, height: 900 } });

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl = "";
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/quire-events`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** For docs/screenshots: the page light and dark at the laptop width. */
async function documented(page: Page, name: string) {
  // Buttons would ease into the new theme's colors (transition-colors): off, the colors are final at once.
  const restore = await withoutTransitions(page);
  for (const scheme of ["light", "dark"] as const) {
    await colorScheme(page, scheme);
    await page.screenshot({ path: `docs/screenshots/${name}-${scheme}.png` });
  }
  await colorScheme(page, "light");
  await restore();
}

test("an admin adds a webhook, sends a test event and sees it delivered with its trace, then edits and deletes it", async ({ page, request }) => {
  const { spacePath, organizationId } = await createSpaceOverApi(request, `Webhooks ${uniqueSuffix()}`, "Guides");
  await page.goto(spacePath);

  await test.step("the Webhooks entry of the navigation leads to an empty page that invites adding one", async () => {
    await sidebar(page).getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(`/o/${organizationId}/webhooks`);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No webhook yet")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "webhooks-empty");
  });

  let secret = "";
  await test.step("add a webhook for chosen events; a wrong URL is refused beside its field; the secret is shown once", async () => {
    // With the keyboard: the empty state's button, then the form.
    await page.getByRole("button", { name: "Add webhook" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add a webhook" });
    await expect(dialog.getByLabel("Payload URL")).toBeFocused();
    await dialog.getByLabel("Payload URL").fill("http://10.0.0.1/hook");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.getByText("private or reserved address")).toBeVisible();
    await dialog.getByLabel("Payload URL").fill(receiverUrl);
    await dialog.getByLabel("Description").fill("Build pipeline");
    await dialog.getByRole("radio", { name: "Only the events I choose" }).check();
    await dialog.getByRole("checkbox", { name: /A space's content changed/ }).check();
    await dialog.getByRole("checkbox", { name: /A test event sent from this page/ }).check();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "webhooks-add");
    await dialog.getByRole("button", { name: "Add webhook" }).click();

    const shown = page.getByRole("dialog", { name: "Your webhook's signing secret" });
    await expect(shown.getByText("You won't see it again")).toBeVisible();
    secret = (await shown.getByTestId("webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByRole("button", { name: "Copy secret" })).toBeVisible();
    await documented(page, "webhooks-secret");
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();
  });

  const item = page.getByRole("listitem", { name: receiverUrl });
  await test.step("the webhook is listed with its events; the secret appears nowhere", async () => {
    await expect(item.getByText("Build pipeline")).toBeVisible();
    await expect(item.getByText("Active")).toBeVisible();
    await expect(item.getByText("A test event sent from this page; A space's content changed")).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step("a test send is delivered, signed with the secret, and its delivery shows the attempt", async () => {
    await item.getByRole("button", { name: "Send test" }).click();
    const deliveries = item.getByRole("list", { name: "Deliveries" });
    await expect(item.getByRole("button", { name: "Deliveries" })).toHaveAttribute("aria-expanded", "true");
    await expect(deliveries.getByText("Delivered")).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => received.length).toBe(1);
    const request = received[0]!;
    expect(request.headers["x-quire-event-type"]).toBe("ping");
    const [, t, v1] = /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(String(request.headers["x-quire-signature"]))!;
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${request.body}`).digest("hex"));

    await deliveries.getByText("1 attempt").click();
    const attempts = deliveries.getByRole("list", { name: "Attempts" });
    await expect(attempts.getByText(receiverUrl)).toBeVisible();
    await expect(attempts.getByText(/HTTP 204/)).toBeVisible();
    await expect(deliveries.getByText(`event ${JSON.parse(request.body).eventId}`)).toBeVisible();
    await screenshotsAcross(page, "webhooks-delivered", expectNoSeriousAxeViolations);
    await documented(page, "webhooks");
  });

  await test.step("the delivery is sent again on request; with none failed, redelivering every failed one says so", async () => {
    await item.getByRole("button", { name: /^Redeliver the ping event/ }).click();
    await expect(item.getByText("The event is being sent again.")).toBeVisible();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers["x-quire-event-id"]).toBe(received[0]!.headers["x-quire-event-id"]);
    await item.getByRole("button", { name: "Redeliver all failed" }).click();
    await expect(item.getByText("No failed delivery to send again.")).toBeVisible();
  });

  await test.step("edit: every event, paused", async () => {
    await item.getByRole("button", { name: `Edit ${receiverUrl}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit webhook" });
    await expect(dialog.getByRole("checkbox", { name: /A space's content changed/ })).toBeChecked();
    await dialog.getByRole("radio", { name: "Every event, including types added later" }).check();
    await dialog.getByRole("switch", { name: /Active/ }).uncheck();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(item.getByText("Paused")).toBeVisible();
    await expect(item.getByText("Every event")).toBeVisible();
  });

  await test.step("delete, after confirming; Escape cancels first", async () => {
    await item.getByRole("button", { name: `Delete ${receiverUrl}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this webhook?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await item.getByRole("button", { name: `Delete ${receiverUrl}` }).click();
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByText("No webhook yet")).toBeVisible();
  });
});
