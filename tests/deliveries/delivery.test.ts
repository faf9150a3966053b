import { afterAll, beforeAll, expect, test } from "vitest";
import { backgroundPublicOrigin } from "../../server/config";
import { db } from "../../server/db/client";
import { recordOrganizationEvents, type NewOrganizationEvent } from "../../server/integrations/events/record";
import { startWorkers } from "../../server/jobs/workers";
import { applyLiveEdit } from "../../server/spaces/apply-live-edit";
import { createSpace } from "../../server/spaces/create-space";
import { updateSpace } from "../../server/spaces/update-space";
import { createInstallation, createIntegration, createTenant } from "../helpers/factories";
import { createWebhookRow } from "./fixtures";
import { Receiver, until, verifySignature } from "./receiver";

/**
 * Delivery end to end: events recorded in a transaction are POSTed by the job workers of this
 * process to a receiver on 127.0.0.1 (allowlisted here), signed, in order, retried.
 */

process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
process.env.QUIRE_DELIVERY_BACKOFF_MS = "50";
process.env.QUIRE_DELIVERY_TIMEOUT_MS = "1000";

const logged: string[] = [];
const originals = { log: console.log, error: console.error, warn: console.warn, info: console.info };
beforeAll(async () => {
  for (const name of ["log", "error", "warn", "info"] as const) {
    console[name] = (...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
      originals[name](...args);
    };
  }
  await startWorkers();
});
afterAll(() => Object.assign(console, originals));

async function setup(options: { endpoint?: (receiver: Receiver) => string } = {}) {
  const tenant = await createTenant();
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: "http://localhost" };
  const space = await createSpace(ctx, tenant.organization.id, { title: "Docs", empty: true });
  const receiver = await new Receiver().start();
  const { integration, signingSecret } = await createIntegration(tenant.otherOrganization.id, { endpoint: options.endpoint?.(receiver) ?? receiver.url });
  const installation = await createInstallation(integration.id, tenant.organization.id, { spaceIds: [space.id] });
  const events = (count: number, type = "space_content_updated"): NewOrganizationEvent[] =>
    Array.from({ length: count }, (_, n) => ({ organizationId: tenant.organization.id, type, spaceId: space.id, payload: { spaceId: space.id, n } }));
  const record = (list: NewOrganizationEvent[]) => db().$transaction((tx) => recordOrganizationEvents(tx, list));
  return { tenant, ctx, space, receiver, integration, signingSecret, installation, events, record };
}

async function deliveriesOf(installationId: string) {
  return db().$queryRaw<{ id: string; status: string; attempts: number; n: number }[]>`
    SELECT d.id, d.status, d.attempts, (e.payload->>'n')::int AS n FROM event_deliveries d JOIN organization_events e ON e.id = d.event_id
    WHERE d.installation_id = ${installationId} ORDER BY d.event_txid, d.event_seq`;
}

async function attemptsOf(deliveryId: string) {
  return db().$queryRaw<{ attempt: number; url: string; response_status: number | null; error: string | null; duration_ms: number }[]>`
    SELECT attempt, url, response_status, error, duration_ms FROM delivery_attempts WHERE delivery_id = ${deliveryId} ORDER BY attempt`;
}

test("events arrive signed with the documented recipe, in order, with the contract's headers and the installation named", async () => {
  const { receiver, signingSecret, installation, events, record } = await setup();
  await record(events(3));
  await record(events(2).map((event, n) => ({ ...event, payload: { ...event.payload, n: 3 + n } })));
  await until("five deliveries", () => receiver.received.length >= 5);
  expect(receiver.received.map((r) => r.event.n)).toEqual([0, 1, 2, 3, 4]);
  for (const { headers, body, event } of receiver.received) {
    expect(verifySignature(signingSecret, headers["x-quire-signature"] as string, body)).toBe(true);
    expect(verifySignature("whsec_wrong", headers["x-quire-signature"] as string, body)).toBe(false);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-quire-event-id"]).toBe(event.eventId);
    expect(headers["x-quire-event-type"]).toBe("space_content_updated");
    expect(headers["x-quire-delivery-attempt"]).toBe("1");
    expect(event.installationId).toBe(installation.id);
  }
  // The receiver has the events before the worker records its answers.
  await until("all recorded as delivered", async () => (await deliveriesOf(installation.id)).every((d) => d.status === "success"));
  expect(await deliveriesOf(installation.id)).toHaveLength(5);
  await receiver.stop();
});

test("an edit's space_content_updated holds no URL; the receiver gets its author with their URL on the configured public origin, bytes as before", async () => {
  const { tenant, ctx, space, receiver } = await setup();
  await applyLiveEdit(ctx, space.id, { session: "one", changes: [{ operation: "insert_page", title: "Guide", document: { markdown: "Hello.\n" } }] });
  const received = await until("the content update at the receiver", () => receiver.received.find((r) => r.event.type === "space_content_updated"));
  const stored = await db().organizationEvent.findUniqueOrThrow({ where: { id: received.event.eventId as string } });
  expect(JSON.stringify(stored.payload)).not.toContain("/v1/users/");
  // The author's keys in the order jsonb gave them when events held the URL: an unchanged body for receivers comparing bytes.
  const { id, displayName } = tenant.admin.user;
  expect(received.body).toContain(`"updatedBy":[${JSON.stringify({ id, urls: { location: `${backgroundPublicOrigin()}/v1/users/${id}` }, object: "user", displayName })}]`);
  await receiver.stop();
});

test("a receiver down for a while loses nothing: the head is retried with backoff, the rest wait, all arrive in order", async () => {
  const { receiver, installation, events, record } = await setup();
  await receiver.stop();
  await record(events(4));
  await until("two failed attempts of the first", async () => (await deliveriesOf(installation.id))[0]!.attempts >= 2);
  const [head, ...rest] = await deliveriesOf(installation.id);
  expect(rest.every((d) => d.attempts === 0 && d.status === "pending")).toBe(true);
  const trace = await attemptsOf(head!.id);
  expect(trace[0]!.response_status).toBeNull();
  expect(trace[0]!.error).toMatch(/could not be reached/);
  await receiver.start();
  await until("all four", () => receiver.received.length >= 4);
  expect(receiver.received.map((r) => r.event.n)).toEqual([0, 1, 2, 3]);
  expect(Number(receiver.received[0]!.headers["x-quire-delivery-attempt"])).toBeGreaterThan(2);
  await until("all recorded as delivered", async () => (await deliveriesOf(installation.id)).every((d) => d.status === "success"));
  await receiver.stop();
});

test("500s are retried until a day after the delivery's creation, then it is failed and the next one goes", async () => {
  const { receiver, installation, events, record } = await setup();
  receiver.mode = { status: 500 };
  await record(events(2));
  await until("two attempts", async () => (await deliveriesOf(installation.id))[0]!.attempts >= 2);
  const [first] = await deliveriesOf(installation.id);
  expect((await attemptsOf(first!.id))[0]).toMatchObject({ response_status: 500, error: "the receiver answered 500" });
  // A day has passed (simulated): the next failure is the last.
  await db().$executeRaw`UPDATE event_deliveries SET created_at = now() - interval '25 hours' WHERE id = ${first!.id}`;
  await until("the first failed", async () => (await deliveriesOf(installation.id))[0]!.status === "failed");
  receiver.mode = { status: 204 };
  await until("the second delivered", () => receiver.received.length >= 1);
  expect(receiver.received.map((r) => r.event.n)).toEqual([1]);
  await receiver.stop();
});

test("a slow receiver is timed out and the timeout is in the trace", async () => {
  const { receiver, installation, events, record } = await setup();
  receiver.mode = { status: 200, delayMs: 3000 };
  await record(events(1));
  const [delivery] = await until("an attempt", async () => {
    const rows = await deliveriesOf(installation.id);
    return rows[0] && (await attemptsOf(rows[0].id)).length > 0 && rows;
  });
  const [attempt] = await attemptsOf(delivery!.id);
  expect(attempt!.error).toBe("no complete answer within 1 s");
  expect(attempt!.duration_ms).toBeGreaterThanOrEqual(900);
  receiver.mode = { status: 200 };
  await until("delivered after the timeout", () => receiver.received.length >= 1);
  await receiver.stop();
});

test("a private address is refused without the allowlist, and the refusal is recorded", async () => {
  const { receiver, installation, events, record } = await setup({ endpoint: () => "http://10.255.255.1/events" });
  await record(events(1));
  const [delivery] = await until("an attempt", async () => {
    const rows = await deliveriesOf(installation.id);
    return rows[0] && (await attemptsOf(rows[0].id)).length > 0 && rows;
  });
  const [attempt] = await attemptsOf(delivery!.id);
  expect(attempt).toMatchObject({ url: "http://10.255.255.1/events", response_status: null });
  expect(attempt!.error).toMatch(/10\.255\.255\.1 is a private or reserved address/);
  await receiver.stop();
});

test("an integration without endpoint records the attempt as failed: no dispatch URL", async () => {
  const { receiver, installation, events, record } = await setup({ endpoint: () => "" });
  await db().integration.update({ where: { id: installation.integrationId }, data: { endpoint: null } });
  await record(events(1));
  const [delivery] = await until("an attempt", async () => {
    const rows = await deliveriesOf(installation.id);
    return rows[0] && (await attemptsOf(rows[0].id)).length > 0 && rows;
  });
  expect((await attemptsOf(delivery!.id))[0]!.error).toMatch(/^no dispatch URL/);
  await receiver.stop();
});

test("development mode sends the owner organization's events to the tunnel, other organizations' only with all", async () => {
  const { receiver, integration, installation, events, record, tenant } = await setup({ endpoint: () => "http://10.255.255.1/never" });
  const tunnel = await new Receiver().start();
  // The installation is in another organization than the integration's owner: the tunnel needs `all`.
  await db().integration.update({ where: { id: integration.id }, data: { devTunnelUrl: tunnel.url, devAll: true } });
  await record(events(1));
  await until("at the tunnel", () => tunnel.received.length >= 1);
  expect(tunnel.received[0]!.event.installationId).toBe(installation.id);
  expect(tenant.organization.id).not.toBe(integration.organizationId);
  await tunnel.stop();
  await receiver.stop();
});

test("a domain write becomes its typed event: a space's visibility change reaches the installation and a webhook of that type, signed with the webhook's secret", async () => {
  const { receiver, installation, ctx, space, tenant } = await setup();
  const hook = await new Receiver().start();
  const { secret } = await createWebhookRow(tenant.organization.id, hook.url, ["space_visibility_updated"]);
  await updateSpace(ctx, space.id, { visibility: "public" });
  await until("both", () => receiver.received.length >= 1 && hook.received.length >= 1);
  expect(receiver.received[0]!.event).toMatchObject({ type: "space_visibility_updated", spaceId: space.id, installationId: installation.id, previousVisibility: "private", visibility: "public" });
  expect(hook.received[0]!.event).toMatchObject({ type: "space_visibility_updated", spaceId: space.id });
  expect(hook.received[0]!.event.installationId).toBeUndefined();
  expect(verifySignature(secret, hook.received[0]!.headers["x-quire-signature"] as string, hook.received[0]!.body)).toBe(true);
  await hook.stop();
  await receiver.stop();
});

test("no secret appears in any log or recorded attempt", async () => {
  const secrets = (await db().integration.findMany({ select: { id: true } })).length;
  expect(secrets).toBeGreaterThan(0);
  const rows = await db().$queryRaw<{ text: string }[]>`SELECT coalesce(error, '') || ' ' || url AS text FROM delivery_attempts`;
  const all = [...logged, ...rows.map((row) => row.text)].join("\n");
  expect(all).not.toMatch(/whsec_/);
});
