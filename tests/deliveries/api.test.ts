import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { redeliverEvent } from "../../server/integrations/events/redeliver-event";
import { redeliverFailedEvents } from "../../server/integrations/events/redeliver-failed-events";
import { recordOrganizationEvents } from "../../server/integrations/events/record";
import { startWorkers } from "../../server/jobs/workers";
import { createSpace } from "../../server/spaces/create-space";
import { createInstallation, createIntegration, createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { Receiver, until, verifySignature } from "./receiver";

/** The integration's event log, tasks and redelivery over /v1 (every answer checked against the reference by apiClient). */

process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
process.env.QUIRE_DELIVERY_BACKOFF_MS = "50";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
  await startWorkers();
});
afterAll(() => server.close());

async function setup() {
  const tenant = await createTenant();
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: "http://localhost" };
  const space = await createSpace(ctx, tenant.organization.id, { title: "Docs", empty: true });
  const receiver = await new Receiver().start();
  const { integration, token, signingSecret } = await createIntegration(tenant.organization.id, { endpoint: receiver.url, visibility: "private" });
  const installation = await createInstallation(integration.id, tenant.organization.id, { spaceIds: [space.id] });
  const record = (count: number) =>
    db().$transaction((tx) =>
      recordOrganizationEvents(
        tx,
        Array.from({ length: count }, () => ({ organizationId: tenant.organization.id, type: "space_content_updated", spaceId: space.id, payload: { spaceId: space.id, revisionId: space.id, updatedBy: [] } })),
      ),
    );
  return { tenant, ctx, space, receiver, integration, token, signingSecret, installation, record, admin: apiClient(server.url, tenant.admin.token) };
}

test("the event log lists delivered events newest first with their payload, and each one's trace of attempts", async () => {
  const { receiver, integration, installation, record, admin, tenant, signingSecret } = await setup();
  await record(3);
  await until("three deliveries", async () => receiver.received.length >= 3 && (await db().eventDelivery.count({ where: { installationId: installation.id, status: "success" } })) === 3);
  const list = await admin.get(`/v1/integrations/${integration.name}/events?limit=2`);
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(3);
  expect(list.body.items).toHaveLength(2);
  expect(list.body.items[0]).toMatchObject({ integrationId: integration.id, installationId: installation.id, status: "success", payload: { type: "space_content_updated", installationId: installation.id } });
  const rest = await admin.get(`/v1/integrations/${integration.name}/events?limit=2&page=${list.body.next.page}`);
  expect(rest.body.items).toHaveLength(1);
  expect(rest.body.next).toBeUndefined();
  const ids = [...list.body.items, ...rest.body.items].map((item: { payload: { eventId: string } }) => item.payload.eventId);
  expect(ids).toEqual(receiver.received.map((r) => r.event.eventId).reverse());

  const one = await admin.get(`/v1/integrations/${integration.name}/events/${list.body.items[0].id}`);
  expect(one.status).toBe(200);
  expect(one.body.trace.logs).toHaveLength(1);
  expect(one.body.trace.logs[0]).toMatchObject({ level: "info" });
  expect(one.body.trace.logs[0].message).toMatch(new RegExp(`^POST ${receiver.url.replaceAll(".", "\\.")} → 200 in \\d+ ms$`));

  // Only the integration's admins read it: a member is refused, another organization does not see a private integration.
  const member = apiClient(server.url, (await tenant.member("edit")).token);
  expect((await member.get(`/v1/integrations/${integration.name}/events`)).status).toBe(403);
  expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/integrations/${integration.name}/events`)).status).toBe(404);
  expect((await admin.get(`/v1/integrations/${integration.name}/events/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  expect(JSON.stringify([list.body, rest.body, one.body])).not.toContain(signingSecret);
  await receiver.stop();
});

test("a failing delivery shows failed with its next attempt, its trace warns, and redelivery sends it again once it has failed for good", async () => {
  const { receiver, integration, record, admin, ctx, tenant } = await setup();
  receiver.mode = { status: 500 };
  await record(1);
  const retrying = await until("a failed attempt", async () => {
    const list = await admin.get(`/v1/integrations/${integration.name}/events`);
    return list.body.items[0]?.attempts >= 1 && list.body.items[0];
  });
  expect(retrying).toMatchObject({ status: "failed" });
  expect(retrying.nextAttemptAt).toBeDefined();
  const traced = await admin.get(`/v1/integrations/${integration.name}/events/${retrying.id}`);
  expect(traced.body.trace.logs[0]).toMatchObject({ level: "warn" });
  expect(traced.body.trace.logs[0].message).toMatch(/ → 500 in \d+ ms$/);

  await db().$executeRaw`UPDATE event_deliveries SET created_at = now() - interval '25 hours' WHERE id = ${retrying.id}`;
  await until("failed for good", async () => (await db().eventDelivery.findUniqueOrThrow({ where: { id: retrying.id } })).status === "failed");
  const gaveUp = await admin.get(`/v1/integrations/${integration.name}/events/${retrying.id}`);
  expect(gaveUp.body.trace.logs.at(-1)).toMatchObject({ level: "error", message: "Gave up: not delivered within a day of retries" });

  receiver.mode = { status: 200 };
  const member = await tenant.member("edit");
  await expect(redeliverEvent({ ...ctx, actor: { userId: member.user.id, via: "session" } }, retrying.id)).rejects.toMatchObject({ code: "forbidden" });
  await redeliverEvent(ctx, retrying.id);
  await until("delivered again", async () => (await db().eventDelivery.findUniqueOrThrow({ where: { id: retrying.id } })).status === "success");
  const after = await admin.get(`/v1/integrations/${integration.name}/events/${retrying.id}`);
  expect(after.body.event.status).toBe("success");
  expect(after.body.trace.logs.at(-1).message).toMatch(/ → 200 in \d+ ms$/);
  const recorded = await db().domainEvent.findFirst({ where: { organizationId: tenant.organization.id, action: "event_delivery.redelivered" } });
  expect(recorded?.targetId).toBe(retrying.id);
  expect(await redeliverFailedEvents(ctx, { integrationName: integration.name })).toEqual({ count: 0 });
  await receiver.stop();
});

test("every failed delivery of an integration is sent again, in its original order", async () => {
  const { receiver, integration, installation, record, ctx } = await setup();
  await receiver.stop();
  await record(3);
  await until("a first attempt", async () => (await db().eventDelivery.count({ where: { installationId: installation.id, attempts: { gt: 0 } } })) > 0);
  // All three have failed for good (simulated: a day of retries).
  await db().$executeRaw`UPDATE event_deliveries SET status = 'failed', completed_at = now() WHERE installation_id = ${installation.id}`;
  const order = await db().$queryRaw<{ event_id: string }[]>`SELECT event_id FROM event_deliveries WHERE installation_id = ${installation.id} ORDER BY event_txid, event_seq`;
  await receiver.start();
  expect(await redeliverFailedEvents(ctx, { integrationName: integration.name })).toEqual({ count: 3 });
  await until("three delivered", () => receiver.received.length >= 3);
  expect(receiver.received.map((r) => r.event.eventId)).toEqual(order.map((row) => row.event_id));
  await receiver.stop();
});

test("an integration queues a task for itself, delivered to its endpoint after its schedule; nobody else queues its tasks", async () => {
  const { receiver, integration, token, admin, signingSecret } = await setup();
  const itself = apiClient(server.url, token);
  const queued = Date.now();
  expect((await itself.post(`/v1/integrations/${integration.name}/tasks`, { task: { sync: "all" }, schedule: 2 })).status).toBe(204);
  expect((await itself.post(`/v1/integrations/${integration.name}/tasks`, { task: { sync: "now" } })).status).toBe(204);
  await until("both tasks", () => receiver.received.length >= 2);
  // The immediate task is not held back by the scheduled one.
  expect(receiver.received.map((r) => r.event.task)).toEqual([{ sync: "now" }, { sync: "all" }]);
  expect(receiver.received[1]!.at - queued).toBeGreaterThanOrEqual(1900);
  expect(receiver.received[0]!.event).toMatchObject({ type: "task" });
  expect(receiver.received[0]!.event.installationId).toBeUndefined();
  expect(verifySignature(signingSecret, receiver.received[0]!.headers["x-quire-signature"] as string, receiver.received[0]!.body)).toBe(true);
  expect((await admin.post(`/v1/integrations/${integration.name}/tasks`, { task: {} })).status).toBe(403);
  expect((await itself.post(`/v1/integrations/${integration.name}/tasks`, { task: {}, schedule: 86_401 })).status).toBe(400);
  const log = await admin.get(`/v1/integrations/${integration.name}/events`);
  expect(log.body.items.map((item: { payload: { type: string } }) => item.payload.type)).toEqual(["task", "task"]);
  await receiver.stop();
});
