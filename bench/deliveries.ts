/**
 * `npm run bench` (event delivery): the production server with its job workers delivers events to a
 * receiver on 127.0.0.1 (allowlisted) — delivered events per second, and the latency from the commit
 * recording an event to its arrival at the receiver (p50, p99). Events are recorded directly, each in
 * its own transaction (the cost of the write itself is bench/writes.ts's), by 8 concurrent writers;
 * first for one installation (delivery is one at a time per subscriber, in order), then for 8
 * installations reached by the same space (subscribers delivered in parallel). Reports numbers and
 * asserts nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "../server/db/client";
import { newId } from "../server/ids";
import { recordOrganizationEvents } from "../server/integrations/events/record";
import { createInstallation, createIntegration } from "../tests/helpers/factories";
import { log, startBenchServer } from "./app-server";

const EVENTS = 2_000;
const WRITERS = 8;

const arrivals = new Map<string, number[]>();
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const eventId = JSON.parse(Buffer.concat(chunks).toString("utf8")).eventId as string;
    arrivals.set(eventId, [...(arrivals.get(eventId) ?? []), Date.now()]);
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;

const bench = await startBenchServer("bench-deliveries", { QUIRE_DISABLE_JOBS: "", QUIRE_FETCH_ALLOWLIST: "127.0.0.1" });
try {
  const one = await scenario(1, EVENTS);
  const eight = await scenario(8, EVENTS / 4);
  console.log(`\nQuire benchmark, event delivery: one production app server, a receiver on 127.0.0.1, events recorded by ${WRITERS} concurrent writers`);
  for (const result of [one, eight]) console.log(`  ${result}`);
} finally {
  await bench.stop();
  receiver.close();
}

async function scenario(installations: number, events: number): Promise<string> {
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
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!;
  const seconds = (finished - started) / 1000;
  return `${installations} installation(s), ${events} events, ${expected} deliveries in ${seconds.toFixed(1)} s: ${(expected / seconds).toFixed(0)} deliveries/s; commit → arrival p50 ${pct(50)} ms, p99 ${pct(99)} ms`;
}
