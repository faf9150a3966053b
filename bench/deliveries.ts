/**
 * `npm run bench` (event delivery): the production server with its job workers delivers events to a
 * receiver on 127.0.0.1 (allowlisted) — delivered events per second, and the latency from the commit
 * recording an event to its arrival at the receiver (p50, p99). Events are recorded directly, each in
 * its own transaction (the cost of the write itself is bench/writes.ts's), by 8 concurrent writers;
 * first for one installation (delivery is one at a time per subscriber, in order), then for 8
 * installations reached by the same space (subscribers delivered in parallel), then paced below the
 * throughput (the latency of an event nothing queues before). Then the whole way from a change made
 * through /v1 (a space's visibility switched, one change at a time) to its event's arrival. Also what
 * recording one domain event costs a write in an organization with no subscriber. Reports numbers and asserts nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "../server/db/client";
import { newId } from "../server/ids";
import { recordOrganizationEvents } from "../server/integrations/events/record";
import { createInstallation, createIntegration } from "../tests/helpers/factories";
import { log, startBenchServer } from "./app-server";
import { recordingCost } from "./recording-cost";
import { benchToken, seededAdmin } from "./fixtures";

const EVENTS = 2_000;
const WRITERS = 8;

const arrivals = new Map<string, number[]>();
/** Called with each arriving event's type (the change-to-arrival scenario waits on it). */
let onArrival: ((type: string) => void) | null = null;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { eventId, type } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { eventId: string; type: string };
    arrivals.set(eventId, [...(arrivals.get(eventId) ?? []), Date.now()]);
    onArrival?.(type);
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;

const bench = await startBenchServer("bench-deliveries", { QUIRE_DISABLE_JOBS: "", QUIRE_FETCH_ALLOWLIST: "127.0.0.1" });
try {
  const unsubscribed = `no subscriber, the dispatcher reacting to each commit: ${await recordingCost(1_000)}`;
  const one = await scenario(1, EVENTS);
  const eight = await scenario(8, EVENTS / 4);
  // Below that throughput: the latency of one event when nothing queues before it.
  const paced = await scenario(1, 100, 5);
  const change = await changeToArrival(bench.origin, 100);
  console.log(`\nQuire benchmark, event delivery: one production app server, a receiver on 127.0.0.1, events recorded by ${WRITERS} concurrent writers`);
  for (const result of [unsubscribed, one, eight, paced, change]) console.log(`  ${result}`);
} finally {
  await bench.stop();
  receiver.close();
}

async function scenario(installations: number, events: number, perSecond?: number): Promise<string> {
  const organization = await db().organization.create({ data: { id: newId(), title: `Deliveries ${installations}` } });
  const space = await db().space.create({ data: { id: newId(), organizationId: organization.id, title: "Docs", sortKey: 1 } });
  for (let i = 0; i < installations; i++) {
    const { integration } = await createIntegration(organization.id, { endpoint: receiverUrl });
    await createInstallation(integration.id, organization.id, { spaceSelection: "all" });
  }
  arrivals.clear();
  const committed = new Map<string, number>();
  log(`Recording ${events} events for ${installations} installation(s)…`);
  let next = 0;
  const writer = async () => {
    while (next < events) {
      next++;
      if (perSecond) await new Promise((resolve) => setTimeout(resolve, (1000 * WRITERS) / perSecond));
      const recorded = await db().$transaction(async (tx) => {
        await recordOrganizationEvents(tx, [{ organizationId: organization.id, type: "space_content_updated", spaceId: space.id, payload: { spaceId: space.id, revisionId: "bench", updatedBy: [] } }]);
        const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organization_events WHERE organization_id = ${organization.id} AND txid = pg_current_xact_id()::text::bigint`;
        return row!.id;
      });
      committed.set(recorded, Date.now());
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const expected = events * installations;
  const count = () => [...arrivals.values()].reduce((sum, times) => sum + times.length, 0);
  for (const deadline = Date.now() + 10 * 60_000; count() < expected; ) {
    if (Date.now() > deadline) throw new Error(`Only ${count()} of ${expected} deliveries arrived within 10 minutes.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finished = Math.max(...[...arrivals.values()].flat());
  const latencies = [...arrivals.entries()].flatMap(([id, times]) => times.map((at) => at - committed.get(id)!)).sort((a, b) => a - b);
  const pct = (p: number) => percentile(latencies, p);
  const seconds = (finished - started) / 1000;
  return `${installations} installation(s), ${events} events${perSecond ? ` at ${perSecond}/s` : " at once"}, ${expected} deliveries in ${seconds.toFixed(1)} s: ${(expected / seconds).toFixed(0)} deliveries/s; commit → arrival p50 ${pct(50)} ms, p99 ${pct(99)} ms`;
}

/**
 * The whole way of one change: from sending `PATCH /v1/spaces/{spaceId}` (its visibility switched) to
 * the arrival of its `space_visibility_updated` event — the request, the write and its commit, the
 * job's wake-up, the signed POST. One change at a time, so nothing queues before it.
 */
async function changeToArrival(origin: string, changes: number): Promise<string> {
  const admin = await seededAdmin();
  const token = await benchToken(admin.userId);
  const { integration } = await createIntegration(admin.organizationId, { endpoint: receiverUrl });
  await createInstallation(integration.id, admin.organizationId, { spaceSelection: "all" });
  const api = async (method: string, path: string, body: object) => {
    const response = await fetch(`${origin}/v1${path}`, { method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const space = await api("POST", `/orgs/${admin.organizationId}/spaces`, { title: "Delivery latency" });
  log(`Switching a space's visibility ${changes} times through /v1…`);
  const latencies: number[] = [];
  for (let i = 0; i < changes; i++) {
    const arrived = new Promise<number>((resolve) => (onArrival = (type) => type === "space_visibility_updated" && resolve(performance.now())));
    const started = performance.now();
    await api("PATCH", `/spaces/${space.id}`, { visibility: i % 2 === 0 ? "unlisted" : "private" });
    latencies.push((await arrived) - started);
  }
  onArrival = null;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => percentile(latencies, p).toFixed(0);
  return `a change through /v1 (PATCH a space's visibility, ${changes} one after another) → its event at the receiver: p50 ${pct(50)} ms, p99 ${pct(99)} ms`;
}

/** The `p`th percentile of ascending `sorted`. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
