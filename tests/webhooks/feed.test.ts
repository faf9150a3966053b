import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { inTransaction } from "../../server/db/transaction";
import { recordOrganizationEvents } from "../../server/integrations/events/record";
import { encodeFeedCursor } from "../../server/webhooks/feed";
import { purgeExpiredOrganizationEvents } from "../../server/webhooks/retention-job";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { feedAnswer } from "./answers";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const record = (organizationId: string, label: string) =>
  inTransaction((tx) => recordOrganizationEvents(tx, [{ organizationId, type: "space_content_updated", payload: { label } }]), "record");

type Client = ReturnType<typeof apiClient>;

async function read(client: Client, organizationId: string, after?: string, limit = 50) {
  const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
  const answer = await client.get(`/v1/orgs/${organizationId}/events?${query}`);
  expect(answer.status).toBe(200);
  return feedAnswer.parse(answer.body);
}

const labels = (page: { items: { payload: Record<string, unknown> }[] }) => page.items.map((item) => item.payload.label);

/**
 * The feed as a consumer reads it once `count` events after `after` are visible: another test
 * file's transaction (or a job's) may briefly hold the fence back, which only delays events.
 */
async function readWhenVisible(client: Client, organizationId: string, after: string | undefined, count: number, limit?: number) {
  for (const deadline = Date.now() + 10_000; ; ) {
    const page = await read(client, organizationId, after, limit);
    if (page.items.length >= count || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the organization's event feed (listOrganizationEvents)", () => {
  test("a consumer that stopped resumes from its cursor and gets exactly the events it missed, even from transactions that commit out of order", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const consumer = apiClient(server.url, tenant.admin.token);

    for (const label of ["e1", "e2", "e3"]) await record(organizationId, label);
    // All three visible first: a page says there is more only of what is visible, and another file's
    // transaction may hold e3 back for a moment (once visible, an event stays visible).
    await readWhenVisible(consumer, organizationId, undefined, 3);
    const first = await readWhenVisible(consumer, organizationId, undefined, 2, 2);
    expect(labels(first)).toEqual(["e1", "e2"]);
    expect(first.next?.page).toBe(first.items[1]!.cursor);
    const second = await readWhenVisible(consumer, organizationId, first.next!.page, 1);
    expect(labels(second)).toEqual(["e3"]);
    expect(second.next).toBeUndefined();
    const cursor = second.items[0]!.cursor;
    expect(second.items[0]!.payload).toMatchObject({ eventId: second.items[0]!.id, type: "space_content_updated" });

    // Transaction A writes first (the lower txid) and commits last; B commits in between.
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    let aWrote!: () => void;
    const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
    const a = inTransaction(
      async (tx) => {
        await recordOrganizationEvents(tx, [{ organizationId, type: "space_content_updated", payload: { label: "a" } }]);
        aWrote();
        await aMayCommit;
      },
      "record",
    );
    await aHasWritten;
    await record(organizationId, "b");
    const [rowA, rowB] = await Promise.all(
      ["a", "b"].map((label) => db().$queryRaw<{ txid: bigint }[]>`SELECT txid FROM organization_events WHERE organization_id = ${organizationId} AND payload->>'label' = ${label}`),
    );
    // B is visible (committed) only without the fence: a reader taking it would move past A for good.
    expect(rowA).toEqual([]);
    expect(rowB![0]!.txid).toBeGreaterThan(0n);
    const unfenced = await db().$queryRaw<{ label: string }[]>`
      SELECT payload->>'label' AS label FROM organization_events WHERE organization_id = ${organizationId} ORDER BY txid, seq`;
    expect(unfenced.map((row) => row.label)).toEqual(["e1", "e2", "e3", "b"]);
    expect(labels(await read(consumer, organizationId, cursor))).toEqual([]);

    releaseA();
    await a;
    const [committedA] = await db().$queryRaw<{ txid: bigint }[]>`SELECT txid FROM organization_events WHERE organization_id = ${organizationId} AND payload->>'label' = 'a'`;
    expect(committedA!.txid).toBeLessThan(rowB![0]!.txid);
    await record(organizationId, "e4");

    const resumed = await readWhenVisible(consumer, organizationId, cursor, 3);
    expect(labels(resumed)).toEqual(["a", "b", "e4"]);
    // Nothing twice: from the end there is nothing more, and from any item exactly what follows it.
    expect(labels(await read(consumer, organizationId, resumed.items[2]!.cursor))).toEqual([]);
    expect(labels(await read(consumer, organizationId, resumed.items[0]!.cursor))).toEqual(["b", "e4"]);
    // From the start: everything, in order, each once.
    expect(labels(await read(consumer, organizationId))).toEqual(["e1", "e2", "e3", "a", "b", "e4"]);
    // `page` is the same cursor, for clients that follow `next.page`.
    expect(labels(feedAnswer.parse((await consumer.get(`/v1/orgs/${organizationId}/events?page=${cursor}`)).body))).toEqual(["a", "b", "e4"]);
  });

  test("another organization's events never appear", async () => {
    const tenant = await createTenant();
    await record(tenant.otherOrganization.id, "theirs");
    await record(tenant.organization.id, "ours");
    const page = await readWhenVisible(apiClient(server.url, tenant.admin.token), tenant.organization.id, undefined, 1);
    expect(labels(page)).toEqual(["ours"]);
  });

  test("a cursor past retention is refused with a reason; a malformed one too", async () => {
    const tenant = await createTenant();
    const consumer = apiClient(server.url, tenant.admin.token);
    const old = encodeFeedCursor({ txid: 1n, seq: 1n, createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });
    const expired = await consumer.get(`/v1/orgs/${tenant.organization.id}/events?after=${old}`);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toContain("30-day retention");
    for (const bad of ["nope", Buffer.from("1.2").toString("base64url"), "x".repeat(201)]) {
      expect((await consumer.get(`/v1/orgs/${tenant.organization.id}/events?after=${bad}`)).status).toBe(400);
    }
    const both = await consumer.get(`/v1/orgs/${tenant.organization.id}/events?after=${old}&page=other`);
    expect(both.status).toBe(400);
  });

  test("only admins read the feed; outsiders do not find the organization", async () => {
    const tenant = await createTenant();
    for (const role of ["create", "read"] as const) {
      const member = apiClient(server.url, (await tenant.member(role)).token);
      expect((await member.get(`/v1/orgs/${tenant.organization.id}/events`)).status).toBe(403);
    }
    expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/orgs/${tenant.organization.id}/events`)).status).toBe(404);
  });

  test("the daily job deletes events older than 30 days with their deliveries, and keeps the others", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    await db().webhook.create({ data: { id: `wh-${organizationId}`, organizationId, url: "https://hooks.example.com/x", secret: "sealed" } });
    await record(organizationId, "old");
    await record(organizationId, "recent");
    await db().$executeRaw`UPDATE organization_events SET created_at = now() - interval '31 days' WHERE organization_id = ${organizationId} AND payload->>'label' = 'old'`;
    await db().$executeRaw`UPDATE organization_events SET created_at = now() - interval '29 days' WHERE organization_id = ${organizationId} AND payload->>'label' = 'recent'`;
    expect(await db().eventDelivery.count({ where: { organizationId } })).toBe(2);

    expect(await purgeExpiredOrganizationEvents()).toBeGreaterThanOrEqual(1);
    const left = await db().organizationEvent.findMany({ where: { organizationId } });
    expect(left.map((event) => (event.payload as { label: string }).label)).toEqual(["recent"]);
    expect(await db().eventDelivery.count({ where: { organizationId } })).toBe(1);
  });
});
