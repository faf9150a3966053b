/**
 * `npm run bench` (live part): the time from the start of a write until a browser's live stream
 * (GET /api/live, server/api/live-stream.ts) carries it, through PostgreSQL LISTEN/NOTIFY on a second
 * LISTEN connection, as another app server would hold, over N writes. The message is sent at commit
 * and may arrive before the writer's COMMIT returns, so the write's own transaction is included.
 * Then from a mention's write until the mentioned user's stream says their inbox changed (the
 * notification job runs in between, on this process's job workers). In-process, on its own embedded
 * PostgreSQL. Reports numbers and asserts nothing.
 */
import { benchDatabase, benchTenant } from "./in-process";

const WRITES = 200;
const MENTIONS = 20;

const database = await benchDatabase("live");
const { startWorkers } = await import("../server/jobs/workers");
const { writeChange } = await import("../server/events/write-change");
const { LiveHub } = await import("../server/live/hub");
const { openLiveStream } = await import("../server/api/live-stream");
const { db } = await import("../server/db/client");
const { newId } = await import("../server/ids");

/** Reads an event stream: `ready` once the server listens, `next(kind)` the time the next message of that kind arrives. */
function reader(response: Response) {
  const stream = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const waiting: ((data: { kind: string }) => void)[] = [];
  let listening = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));
  void (async () => {
    for (;;) {
      const { value, done } = await stream.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes(": listening")) listening();
        if (block.startsWith("data: ")) waiting.shift()?.(JSON.parse(block.slice(6)));
      }
    }
  })();
  const next = (kind: string) =>
    new Promise<number>((resolve) => {
      const wait = (data: { kind: string }) => (data.kind === kind ? resolve(performance.now()) : waiting.unshift(wait));
      waiting.push(wait);
    });
  return { ready, next };
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
};

const hub = new LiveHub(process.env.DATABASE_URL!);
try {
  const { userId, organizationId, call } = await benchTenant();
  await startWorkers();
  const space = (await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Live benchmark" }))!;
  const ctx = { actor: { userId, via: "session" as const }, baseUrl: "http://bench" };

  const abort = new AbortController();
  const { ready, next } = reader(await openLiveStream(new Request(`http://bench/api/live?space=${space.id}`, { signal: abort.signal }), ctx.actor, hub));
  await ready;
  const writes: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const received = next("comments");
    const started = performance.now();
    await writeChange(ctx, async (_tx, events) => {
      events.record({ organizationId, action: "comment.resolved", target: { type: "comment", id: `c${i}` }, payload: { spaceId: space.id, changeRequestId: null, commentId: `c${i}` } });
    });
    writes.push((await received) - started);
  }

  // A second user, mentioned: their own stream hears of the notification once the job built it.
  const mentioned = await db().user.create({ data: { id: newId(), email: "mentioned@example.test", displayName: "Mentioned" } });
  await db().member.create({ data: { organizationId, userId: mentioned.id, role: "read" } });
  const { revisionId } = await db().space.findUniqueOrThrow({ where: { id: space.id }, select: { revisionId: true } });
  const { ready: inboxReady, next: inbox } = reader(await openLiveStream(new Request("http://bench/api/live", { signal: abort.signal }), { userId: mentioned.id, via: "session" }, hub));
  await inboxReady;
  const mentions: number[] = [];
  for (let i = 0; i < MENTIONS; i++) {
    const comment = await db().comment.create({ data: { id: newId(), organizationId, spaceId: space.id, authorId: userId, body: "Hello", revisionId: revisionId! } });
    const received = inbox("notifications");
    const started = performance.now();
    await writeChange(ctx, async (_tx, events) => {
      events.record({ organizationId, action: "comment.posted", target: { type: "comment", id: comment.id }, payload: { spaceId: space.id, changeRequestId: null, commentId: comment.id, pageId: null, mentions: [mentioned.id], excerpt: "Hello" } });
    });
    mentions.push((await received) - started);
  }
  abort.abort();

  console.log(`\nQuire live updates benchmark (in-process, embedded PostgreSQL, a second LISTEN connection as another app server)`);
  console.log(`  write (its whole transaction) → live stream message, ${WRITES} writes: ${stats(writes)}`);
  console.log(`  mention written → mentioned user's stream (notification job in between), ${MENTIONS} mentions: ${stats(mentions)}`);
} finally {
  await hub.close();
  await database.stop();
}
process.exit(0);
