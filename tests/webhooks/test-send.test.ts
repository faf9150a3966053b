import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { startWorkers } from "../../server/jobs/workers";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { deliveryListAnswer, webhookTestAnswer, webhookWithSecretAnswer } from "./answers";

// The receiver listens on loopback, which deliveries refuse unless allowed (server/net/safe-fetch.ts).
process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";

type Received = { headers: IncomingHttpHeaders; body: string };

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = await startApiServer();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await startWorkers();
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("test send and deliveries (testOrganizationWebhook, listOrganizationWebhookDeliveries)", () => {
  test("a test send reaches the webhook alone, signed with its secret, and its delivery shows the attempt", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    // Inactive and subscribed to other types: a test send still reaches it; another webhook gets nothing.
    const { secret, ...webhook } = webhookWithSecretAnswer.parse(
      (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: receiverUrl, eventTypes: ["site_view"], active: false })).body,
    );
    const other = (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiverUrl}/other` })).body;

    const sent = await admin.post(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/test`);
    expect(sent.status).toBe(201);
    const { eventId, deliveryId } = webhookTestAnswer.parse(sent.body);

    const request = await until(async () => received.find((entry) => entry.headers["x-quire-event-id"] === eventId), "the test event");
    expect(request.headers["x-quire-event-type"]).toBe("ping");
    expect(JSON.parse(request.body)).toMatchObject({ eventId, type: "ping", webhookId: webhook.id, organizationId });
    const [, t, v1] = /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(String(request.headers["x-quire-signature"]))!;
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${request.body}`).digest("hex"));

    const deliveries = await until(async () => {
      const page = deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries`)).body);
      return page.items[0]?.status === "success" ? page : undefined;
    }, "the delivery to succeed");
    expect(deliveries.items).toHaveLength(1);
    expect(deliveries.items[0]).toMatchObject({ id: deliveryId, event: { id: eventId, type: "ping" }, status: "success", attempts: 1 });
    expect(deliveries.items[0]!.trace).toEqual([expect.objectContaining({ attempt: 1, url: receiverUrl, responseStatus: 200 })]);
    expect(deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${other.id}/deliveries`)).body).items).toEqual([]);
    expect(await db().eventDelivery.count({ where: { webhookId: other.id } })).toBe(0);
  });

  test("a receiver answering 500 leaves the delivery pending, with the failed attempt in its trace", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const webhook = (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiverUrl}/failing` })).body;
    answerStatus = 500;
    try {
      const { deliveryId } = webhookTestAnswer.parse((await admin.post(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/test`)).body);
      const delivery = await until(async () => {
        const page = deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries?status=pending`)).body);
        return page.items.find((item) => item.id === deliveryId && item.trace.length > 0);
      }, "the failed attempt");
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, trace: [{ attempt: 1, responseStatus: 500 }] });
      expect(delivery.nextAttemptAt).toBeDefined();
      expect(deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries?status=success`)).body).items).toEqual([]);
    } finally {
      answerStatus = 200;
    }
  });

  test("a failed delivery is sent again with redeliver-failed, a delivered one with redeliver; another webhook's delivery is not found here", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const webhook = (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiverUrl}/again` })).body;
    const other = (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiverUrl}/elsewhere`, active: false })).body;
    const base = `/v1/orgs/${organizationId}/webhooks/${webhook.id}`;
    const deliveryOf = async (id: string) => deliveryListAnswer.parse((await admin.get(`${base}/deliveries`)).body).items.find((item) => item.id === id);

    answerStatus = 500;
    let deliveryId: string;
    try {
      ({ deliveryId } = webhookTestAnswer.parse((await admin.post(`${base}/test`)).body));
      await until(async () => ((await deliveryOf(deliveryId))?.trace.length ? true : undefined), "the failed attempt");
    } finally {
      answerStatus = 200;
    }
    // A day of retries, shortened: the delivery has given up.
    await db().eventDelivery.update({ where: { id: deliveryId }, data: { status: "failed", completedAt: new Date() } });
    expect((await admin.get(`${base}/deliveries?status=failed`)).body.items.map((item: { id: string }) => item.id)).toEqual([deliveryId]);

    const again = await admin.post(`${base}/redeliver-failed`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ count: 1 });
    const delivered = await until(async () => {
      const delivery = await deliveryOf(deliveryId);
      return delivery?.status === "success" ? delivery : undefined;
    }, "the delivery sent again");
    expect(delivered.trace.map((attempt) => attempt.responseStatus)).toEqual([500, 200]);
    expect((await admin.post(`${base}/redeliver-failed`)).body).toEqual({ count: 0 });

    expect((await admin.post(`${base}/deliveries/${deliveryId}/redeliver`)).status).toBe(204);
    const eventId = delivered.event.id;
    await until(async () => (received.filter((entry) => entry.headers["x-quire-event-id"] === eventId).length === 3 ? true : undefined), "the third copy");
    expect((await admin.post(`/v1/orgs/${organizationId}/webhooks/${other.id}/deliveries/${deliveryId}/redeliver`)).status).toBe(404);
    const actions = await db().domainEvent.findMany({ where: { organizationId, action: "event_delivery.redelivered" } });
    expect(actions).toHaveLength(2);
  });

  test("deliveries page newest first; only admins read them and send tests", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const webhook = (await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: `${receiverUrl}/paged`, active: false })).body;
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push(webhookTestAnswer.parse((await admin.post(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/test`)).body).deliveryId);
    const first = deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries?limit=2`)).body);
    expect(first.items.map((item) => item.id)).toEqual([sent[2], sent[1]]);
    const second = deliveryListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries?limit=2&page=${first.next!.page}`)).body);
    expect(second.items.map((item) => item.id)).toEqual([sent[0]]);
    expect(second.next).toBeUndefined();

    const editor = apiClient(server.url, (await tenant.member("create")).token);
    expect((await editor.post(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/test`)).status).toBe(403);
    expect((await editor.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/deliveries`)).status).toBe(403);
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.post(`/v1/orgs/${tenant.otherOrganization.id}/webhooks/${webhook.id}/test`)).status).toBe(404);
  });
});
