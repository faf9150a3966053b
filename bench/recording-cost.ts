import { db, type Db } from "../server/db/client";
import { writeChange } from "../server/events/write-change";
import { newId } from "../server/ids";
import { seededAdmin } from "./fixtures";

/**
 * What recording one domain event costs a write, in an organization nobody subscribes to: a write
 * of one row (`writeChange`) declaring one `comment.resolved`, against the same write declaring
 * nothing, and a bare transaction of one trivial statement. Measured by bench/recording.ts (no
 * dispatcher running) and bench/deliveries.ts (the dispatcher reacting to each commit).
 */
export async function recordingCost(count: number): Promise<string> {
  const organization = await db().organization.create({ data: { id: newId(), title: "No subscribers" } });
  const admin = await seededAdmin();
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
    `a write of one row recording one domain event takes ${recording.toFixed(2)} ms, +${(recording - write).toFixed(2)} ms over the same write without it (${write.toFixed(2)} ms);`,
    `a bare transaction of one trivial statement, which writes nothing to disk, takes ${empty.toFixed(2)} ms`,
  ].join(" ");
}
