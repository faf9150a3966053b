import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GET } from "../../app/api/live/route";
import { db } from "../../server/db/client";
import { writeChange } from "../../server/events/write-change";
import { LiveHub } from "../../server/live/hub";
import type { LiveMessage } from "../../server/live/messages";
import { MAX_STREAMS_PER_USER, openLiveStream } from "../../server/api/live-stream";
import { eventsDispatched } from "../helpers/events";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/** Two hubs, each with its own LISTEN connection, as two app servers have. */
let hubs: LiveHub[];
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  hubs = [new LiveHub(process.env.DATABASE_URL!), new LiveHub(process.env.DATABASE_URL!)];
  server = await startApiServer();
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await server.close();
});

function collect(hub: LiveHub, spaceId: string) {
  const received: LiveMessage[] = [];
  const stop = hub.subscribe((message) => {
    if (message.topic === "space" && message.spaceId === spaceId) received.push(message);
  });
  return { received, stop };
}

async function until(check: () => boolean, timeoutMs = 5_000) {
  for (const deadline = Date.now() + timeoutMs; !check(); ) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ctxOf = (userId: string) => ({ actor: { userId, via: "session" as const }, baseUrl: "http://quire.test" });

describe("live updates across app servers (PostgreSQL LISTEN/NOTIFY)", () => {
  test("a committed write reaches both servers' hubs; a rolled back one reaches neither", async () => {
    const tenant = await createTenant();
    const space = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Live" })).body;
    // The space's creation is published after its commit: past before anyone listens.
    await eventsDispatched();
    const listeners = hubs.map((hub) => collect(hub, space.id));
    await Promise.all(hubs.map((hub) => hub.listening()));

    await expect(
      writeChange(ctxOf(tenant.admin.user.id), async (_tx, events) => {
        events.record({ organizationId: tenant.organization.id, action: "comment.resolved", target: { type: "comment", id: "c-rolled-back" }, payload: { spaceId: space.id, changeRequestId: null, commentId: "c-rolled-back" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");

    await writeChange(ctxOf(tenant.admin.user.id), async (_tx, events) => {
      events.record({ organizationId: tenant.organization.id, action: "comment.resolved", target: { type: "comment", id: "c1" }, payload: { spaceId: space.id, changeRequestId: "cr1", commentId: "c1" } });
    });
    await eventsDispatched();
    await until(() => listeners.every((listener) => listener.received.length >= 1));
    // The rolled back write was sent first: had it been delivered, it would be here before the committed one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const { received, stop } of listeners) {
      expect(received).toEqual([{ topic: "space", action: "comment.resolved", organizationId: tenant.organization.id, spaceId: space.id, changeRequestId: "cr1" }]);
      stop();
    }
  });

  test("a change request's merge is published with its space, found from the change request", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Merging" })).body;
    const listener = collect(hubs[0]!, space.id);
    await hubs[0]!.listening();
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Typos" })).body;
    await eventsDispatched();
    await until(() => listener.received.some((message) => message.topic === "space" && message.action === "change_request.created"));
    expect(listener.received.find((message) => message.topic === "space" && message.action === "change_request.created")).toMatchObject({ changeRequestId: cr.id });
    listener.stop();
  });
});

test("a hub whose LISTEN connection is cut reconnects, tells its subscribers to refetch, and hears later writes", async () => {
  const tenant = await createTenant();
  const space = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Dropped" })).body;
  await eventsDispatched();
  const hub = new LiveHub(process.env.DATABASE_URL!);
  try {
    let resyncs = 0;
    const received: LiveMessage[] = [];
    hub.subscribe((message) => message.topic === "space" && message.spaceId === space.id && received.push(message), () => resyncs++);
    await hub.listening();
    // Cut every live LISTEN connection but the other tests' hubs' (theirs reconnect as well, harmlessly).
    await db().$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'quire-live' AND pid <> pg_backend_pid()`;
    await until(() => resyncs === 1, 10_000);
    await writeChange(ctxOf(tenant.admin.user.id), async (_tx, events) => {
      events.record({ organizationId: tenant.organization.id, action: "comment.reopened", target: { type: "comment", id: "c" }, payload: { spaceId: space.id, changeRequestId: null, commentId: "c" } });
    });
    await eventsDispatched();
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ action: "comment.reopened" });
  } finally {
    await hub.close();
  }
});

describe("GET /api/live", () => {
  test("refuses a caller without a session, and a user who cannot view the space or names a change request of another", async () => {
    const tenant = await createTenant();
    const space = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Private" })).body;
    await db().space.update({ where: { id: space.id }, data: { defaultLevel: null } });
    const anonymous = await GET(new Request(`http://quire.test/api/live?space=${space.id}`));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/json/);

    const guest = await tenant.member(null);
    const outsider = await openLiveStream(new Request(`http://quire.test/api/live?space=${space.id}`), { userId: guest.user.id, via: "session" }, hubs[0]);
    expect(outsider.status).toBe(404);
    const stranger = await openLiveStream(new Request(`http://quire.test/api/live?space=${space.id}`), { userId: tenant.stranger.user.id, via: "session" }, hubs[0]);
    expect(stranger.status).toBe(404);
    const wrongCr = await openLiveStream(new Request(`http://quire.test/api/live?space=${space.id}&changeRequest=nope`), { userId: tenant.admin.user.id, via: "session" }, hubs[0]);
    expect(wrongCr.status).toBe(404);
    const hostile = await openLiveStream(new Request(`http://quire.test/api/live?space=${"x".repeat(5000)}`), { userId: tenant.admin.user.id, via: "session" }, hubs[0]);
    expect(hostile.status).toBe(400);
  });

  test("a space's stream says what changed in it, the user's own stream their inbox, only ids; bounded per user; ends when the browser goes", async () => {
    const tenant = await createTenant();
    const space = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Streamed" })).body;
    const other = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Elsewhere" })).body;
    await eventsDispatched();
    const actor = { userId: tenant.admin.user.id, via: "session" as const };
    const abort = new AbortController();
    const open = async (url: string, signal?: AbortSignal) => {
      const response = await openLiveStream(new Request(url, { signal }), actor, hubs[1]);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = response.body!.getReader();
      const stream = { text: "", reader };
      const read = async (until: (text: string) => boolean) => {
        while (!until(stream.text)) {
          const { value, done } = await reader.read();
          if (done) break;
          stream.text += new TextDecoder().decode(value);
        }
      };
      await read((sofar) => sofar.includes(": listening"));
      // A `resync` may come first: the hub's connection was cut by the test before (it reconnects on this subscription).
      const events = () =>
        stream.text
          .split("\n\n")
          .filter((block) => block.startsWith("data: "))
          .map((block) => JSON.parse(block.slice(6)))
          .filter((event) => event.kind !== "resync");
      return { read, events };
    };
    const spaceStream = await open(`http://quire.test/api/live?space=${space.id}`, abort.signal);
    const inboxAbort = new AbortController();
    const inboxStream = await open("http://quire.test/api/live", inboxAbort.signal);

    const record = (spaceId: string, action: "comment.resolved" | "review.request_removed") =>
      writeChange({ actor}, async (tx, events) => {
        events.record({ organizationId: tenant.organization.id, action, target: { type: "comment", id: "c" }, payload: { spaceId, changeRequestId: null, commentId: "c" } });
        await tx.$executeRaw`SELECT pg_notify('quire_live', ${JSON.stringify({ topic: "user", userId: actor.userId })})`;
      });
    await record(other.id, "comment.resolved");
    await record(space.id, "review.request_removed");
    await eventsDispatched();
    await spaceStream.read((sofar) => sofar.includes('"kind":"reviews"'));
    await inboxStream.read((sofar) => sofar.split('"kind":"notifications"').length === 3);
    expect(spaceStream.events()).toEqual([{ kind: "reviews", spaceId: space.id, changeRequestId: null }]);
    expect(inboxStream.events()).toEqual([
      { kind: "notifications", spaceId: null, changeRequestId: null },
      { kind: "notifications", spaceId: null, changeRequestId: null },
    ]);
    inboxAbort.abort();
    const read = spaceStream.read;

    // More streams than the bound are refused; closing one frees its place.
    const extra = [];
    for (let i = 1; i < MAX_STREAMS_PER_USER; i++) extra.push(new AbortController());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const opened = await Promise.all(extra.map((controller) => openLiveStream(new Request("http://quire.test/api/live", { signal: controller.signal }), actor, hubs[1])));
    expect(opened.every((r) => r.status === 200)).toBe(true);
    expect((await openLiveStream(new Request("http://quire.test/api/live"), actor, hubs[1])).status).toBe(429);

    const before = hubs[1]!.subscriberCount;
    abort.abort();
    await read(() => false);
    expect(hubs[1]!.subscriberCount).toBe(before - 1);
    const again = new AbortController();
    expect((await openLiveStream(new Request("http://quire.test/api/live", { signal: again.signal }), actor, hubs[1])).status).toBe(200);
    for (const controller of [...extra, again]) controller.abort();
  });
});
