/**
 * `npm run bench` (recording): what recording one domain event costs a write, and only that. The
 * production server runs without its job workers and event dispatcher, so no after-commit work shares
 * the two cores with the writes (bench/deliveries.ts measures the same with the dispatcher reacting
 * to each commit). Three rounds of 1,000 writes each way. Reports numbers and asserts nothing.
 */
import { db, type Db } from "../server/db/client";
import { writeChange } from "../server/events/write-change";
import { newId } from "../server/ids";
import { startBenchServer } from "./app-server";

const bench = await startBenchServer("bench-recording", { QUIRE_DISABLE_JOBS: "1" });
try {
  console.log("\nQuire benchmark, recording a domain event (no dispatcher running)");
  for (let round = 0; round < 3; round++) console.log(`  ${await withoutSubscribers(1_000)}`);
} finally {
  await bench.stop();
}

/**
 * What recording one domain event costs a write, in an organization nobody subscribes to: a write
 * (`writeChange`) declaring one `comment.resolved` (an event with a typed event and a live update),
 * against a transaction running one trivial statement.
 */
async function withoutSubscribers(count: number): Promise<string> {
  const organization = await db().organization.create({ data: { id: newId(), title: "No subscribers" } });
  const admin = await db().member.findFirstOrThrow({ where: { role: "admin" }, orderBy: { joinedAt: "asc" } });
  const ctx = { actor: { userId: admin.userId, via: "system" as const }, baseUrl: "http://bench.invalid" };
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) await work();
    return (performance.now() - started) / count;
  };
  const empty = await time(() => db().$transaction((tx) => tx.$queryRaw`SELECT 1`));
  // A write changing one row: its commit waits for the WAL to reach the disk, with or without an event.
  const touch = (tx: Db) => tx.$executeRaw`UPDATE organizations SET updated_at = now() WHERE id = ${organization.id}`;
  const write = await time(() =>
    writeChange(ctx, async (tx, events) => {
      await touch(tx);
      events.nothingChanged();
    }),
  );
  const recording = await time(() =>
    writeChange(ctx, async (tx, events) => {
      await touch(tx);
      events.record({ organizationId: organization.id, action: "comment.resolved", target: { type: "comment", id: "bench" }, payload: { spaceId: "bench", changeRequestId: null, commentId: "bench" } });
    }),
  );
  return [
    `no subscriber: a write of one row recording one domain event takes ${recording.toFixed(2)} ms, +${(recording - write).toFixed(2)} ms over the same write without it (${write.toFixed(2)} ms);`,
    `a bare transaction of one trivial statement, which writes nothing to disk, takes ${empty.toFixed(2)} ms`,
  ].join(" ");
}

