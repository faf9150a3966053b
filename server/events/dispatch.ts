import pg from "pg";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { EVENTS_CHANNEL } from "./channel";
import type { CommittedEvent, EventSubscriber } from "./subscriber";
import { EVENT_SUBSCRIBERS } from "./subscribers";

/*
 * The dispatcher: hands committed domain events to their subscribers, once each; in record order to
 * those that need it.
 *
 * The record (`domain_events`) is ordered by position (txid, seq): the writing transaction's id, then
 * the insert order. Each subscriber has a cursor (`event_subscriber_cursors`). A batch, in one
 * transaction: lock the cursor (SKIP LOCKED: another app server is working that subscriber, leave it),
 * read the next events of its actions after the cursor, hand them to the subscriber, which writes its
 * effects in that transaction, and move the cursor. Effects and cursor commit together: each event's
 * database effects happen exactly once.
 *
 * The fence (`quire_event_fence()`, in its migration) is the oldest writing transaction still
 * running in this database: no event can still commit at a position below it. An ordered subscriber is handed only the events below the fence, so in order;
 * its cursor moves to the last event of a full batch, else to (fence, 0). A subscriber that is not
 * ordered is also handed the committed events above the fence (every row a READ COMMITTED statement
 * sees has committed), which a long open transaction elsewhere would otherwise hold back: they are
 * remembered in `event_subscriber_taken` and skipped by later reads, its cursor still moves only up
 * to the fence (an event above it may still commit below them), and the remembered events the cursor
 * has passed are forgotten.
 */

const BATCH_SIZE = 100;

type CursorRow = { txid: bigint; seq: bigint };
type EventRow = {
  xmin: bigint;
  id: string | null;
  organization_id: string;
  action: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  actor_type: string;
  actor_id: string;
  actor_user_id: string | null;
  target_type: string;
  target_id: string;
  target_label: string | null;
  txid: bigint;
  seq: bigint;
};

/** What one batch found: events handed over (`taken`), a full batch (`more` to read), committed events it may not take yet (`waiting` behind the fence), or the cursor held by another server. */
export type BatchOutcome = { taken: number; more: boolean; waiting: boolean; busy: boolean };

/** The subscribers (on this database) whose cursor this process made sure of: a new subscriber starts at the current position, once. */
const ensured = new Set<string>();

async function ensureCursor(name: string): Promise<void> {
  const key = `${process.env.DATABASE_URL}\n${name}`;
  if (ensured.has(key)) return;
  await db().$executeRaw`
    INSERT INTO event_subscriber_cursors (subscriber, txid, seq)
    VALUES (${name}, quire_event_fence(), 0)
    ON CONFLICT (subscriber) DO NOTHING`;
  ensured.add(key);
}

/** One batch of one subscriber, in one transaction (READ COMMITTED: each statement sees what has committed before it). */
export async function dispatchBatch(subscriber: EventSubscriber): Promise<BatchOutcome> {
  await ensureCursor(subscriber.name);
  const limit = subscriber.batchSize ?? BATCH_SIZE;
  return inTransaction(async (tx) => {
    const [cursor] = await tx.$queryRaw<CursorRow[]>`SELECT txid, seq FROM event_subscriber_cursors WHERE subscriber = ${subscriber.name} FOR UPDATE SKIP LOCKED`;
    if (!cursor) return { taken: 0, more: false, waiting: false, busy: true };
    // One statement, one snapshot: the fence and the events read agree. Events past the fence come
    // last (ordered by txid); those the subscriber took earlier are left out.
    const rows = await tx.$queryRaw<EventRow[]>`
      WITH fence AS (SELECT quire_event_fence() AS xmin)
      SELECT fence.xmin, e.* FROM fence LEFT JOIN LATERAL (
        SELECT e.id, e.organization_id, e.action, e.payload, e.occurred_at, e.actor_type, e.actor_id, e.target_type, e.target_id, e.target_label, e.txid, e.seq,
               CASE e.actor_type
                 WHEN 'user' THEN e.actor_id
                 WHEN 'integration' THEN (SELECT g.bot_user_id FROM integrations g WHERE g.id = e.actor_id)
                 WHEN 'installation' THEN (SELECT g.bot_user_id FROM integration_installations i JOIN integrations g ON g.id = i.integration_id WHERE i.id = e.actor_id)
               END AS actor_user_id
        FROM domain_events e
        WHERE (e.txid, e.seq) > (${cursor.txid}, ${cursor.seq}) AND e.action = ANY (${[...subscriber.actions]}::text[])
          AND NOT EXISTS (SELECT 1 FROM event_subscriber_taken t WHERE t.subscriber = ${subscriber.name} AND t.txid = e.txid AND t.seq = e.seq)
        ORDER BY e.txid, e.seq
        LIMIT ${limit}
      ) e ON true`;
    const xmin = rows[0]!.xmin;
    const found = rows.filter((row) => row.id !== null);
    const final = found.filter((row) => row.txid < xmin);
    // An ordered subscriber takes only the final events; another takes all it found, each committed.
    const handed = subscriber.ordered ? final : found;
    if (handed.length > 0) await subscriber.handle(tx, handed.map(committedEvent));
    const aboveFence = handed.slice(final.length);
    if (aboveFence.length > 0) {
      await tx.$executeRaw`
        INSERT INTO event_subscriber_taken (subscriber, txid, seq)
        SELECT ${subscriber.name}::text, txid::bigint, seq::bigint FROM unnest(${aboveFence.map((row) => String(row.txid))}::text[], ${aboveFence.map((row) => String(row.seq))}::text[]) AS taken(txid, seq)`;
    }
    const more = handed.length === limit;
    // A full batch of final events may have more final ones after it: the cursor stops at its last.
    // Otherwise every event below the fence has been read (it ends the batch, or one above it does).
    const last = final.at(-1);
    const next = more && last && final.length === handed.length ? { txid: last.txid, seq: last.seq } : { txid: xmin, seq: BigInt(0) };
    if (next.txid > cursor.txid || (next.txid === cursor.txid && next.seq > cursor.seq)) {
      await tx.$executeRaw`UPDATE event_subscriber_cursors SET txid = ${next.txid}, seq = ${next.seq} WHERE subscriber = ${subscriber.name}`;
      if (!subscriber.ordered) await tx.$executeRaw`DELETE FROM event_subscriber_taken WHERE subscriber = ${subscriber.name} AND (txid, seq) < (${next.txid}, ${next.seq})`;
    }
    return { taken: handed.length, more, waiting: handed.length < found.length, busy: false };
  }, "dispatch");
}

function committedEvent(row: EventRow): CommittedEvent {
  return {
    id: row.id!,
    organizationId: row.organization_id,
    action: row.action,
    payload: row.payload,
    occurredAt: row.occurred_at,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorUserId: row.actor_user_id,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    txid: row.txid,
    seq: row.seq,
  } as CommittedEvent;
}

/** What a pass left: subscribers with events waiting behind the fence, held by another server, or failing (with why). */
export type PassOutcome = { waiting: string[]; busy: string[]; failed: { subscriber: string; error: unknown }[] };

/**
 * Brings every subscriber as far as it can go now: batch after batch while they come full. A
 * subscriber that fails is left where its last committed batch put it (its failing batch rolled
 * back) and reported; the others go on.
 */
export async function dispatchPass(subscribers: readonly EventSubscriber[] = EVENT_SUBSCRIBERS): Promise<PassOutcome> {
  const outcome: PassOutcome = { waiting: [], busy: [], failed: [] };
  await Promise.all(
    subscribers.map(async (subscriber) => {
      try {
        for (;;) {
          const batch = await dispatchBatch(subscriber);
          if (batch.busy) outcome.busy.push(subscriber.name);
          if (batch.waiting) outcome.waiting.push(subscriber.name);
          if (!batch.more) return;
        }
      } catch (error) {
        outcome.failed.push({ subscriber: subscriber.name, error });
      }
    }),
  );
  return outcome;
}

/** A pass again this soon while committed events wait behind an older open transaction for an ordered subscriber. */
const FENCE_RETRY_MS = 25;
/** After a subscriber failed, the next try waits this long, doubling up to the sweep's period. */
const FAILURE_RETRY_MS = 500;
/** A pass this often whatever happens: a wake-up lost with a dropped connection, a failure's retry. */
const SWEEP_MS = 5_000;

/**
 * One app server's dispatcher: LISTENs on `quire_events` (a committed write wakes it), runs a pass
 * on each wake-up (one at a time; a wake-up during a pass runs another after it), again shortly
 * while committed events wait behind the fence (only ordered subscribers leave any), and every few
 * seconds as a safety net. Every app
 * server runs one; their passes share the work through the cursors' SKIP LOCKED.
 */
export class EventDispatcher {
  private client: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private failureDelayMs = FAILURE_RETRY_MS;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly subscribers: readonly EventSubscriber[] = EVENT_SUBSCRIBERS,
  ) {}

  async start(): Promise<void> {
    this.sweep = setInterval(() => this.wake(), SWEEP_MS);
    this.sweep.unref();
    await this.listen().catch((error) => {
      console.error("Event dispatcher: listening on PostgreSQL failed (sweeping meanwhile):", error.message);
      this.scheduleReconnect();
    });
    this.wake();
  }

  /** Runs a pass now, or right after the one running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = null));
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      const outcome = await dispatchPass(this.subscribers).catch((error: unknown) => ({ waiting: [], busy: [], failed: [{ subscriber: "(all)", error }] }));
      for (const { subscriber, error } of outcome.failed) console.error(`Event subscriber ${subscriber} failed (its batch is retried):`, error);
      if (outcome.failed.length > 0) {
        this.later(this.failureDelayMs);
        this.failureDelayMs = Math.min(this.failureDelayMs * 2, SWEEP_MS);
      } else {
        this.failureDelayMs = FAILURE_RETRY_MS;
        if (outcome.waiting.length > 0) this.later(FENCE_RETRY_MS);
      }
    } while (this.again && !this.stopped);
  }

  private later(ms: number): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.wake();
    }, ms);
    this.retry.unref();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "quire-events", keepAlive: true });
    client.on("notification", (notification) => {
      if (notification.channel === EVENTS_CHANNEL) this.wake();
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // Wake-ups sent while not listening were lost: look now.
    this.wake();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.listen().catch(() => this.scheduleReconnect());
    }, 1_000);
    this.reconnect.unref();
  }

  /** Stops listening and sweeping, letting a running pass finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.retry, this.reconnect]) if (timer) clearTimeout(timer);
    if (this.sweep) clearInterval(this.sweep);
    await this.running;
    const client = this.client;
    this.client = null;
    client?.removeAllListeners("end");
    await client?.end().catch(() => {});
  }
}

const globalDispatcher = globalThis as unknown as { quireEventDispatcher?: EventDispatcher };

/** Starts this process's dispatcher on `DATABASE_URL` (with the job workers: server/jobs/workers.ts). Calling it again does nothing. */
export async function startEventDispatcher(): Promise<void> {
  if (globalDispatcher.quireEventDispatcher) return;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the event dispatcher needs the database.");
  const dispatcher = new EventDispatcher(connectionString);
  globalDispatcher.quireEventDispatcher = dispatcher;
  await dispatcher.start();
}

export async function stopEventDispatcher(): Promise<void> {
  const dispatcher = globalDispatcher.quireEventDispatcher;
  globalDispatcher.quireEventDispatcher = undefined;
  await dispatcher?.stop();
}
