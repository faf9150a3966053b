import { PgBoss } from "pg-boss";
import type { AnyJobKind } from "./job-kind";

/**
 * The job queue: pg-boss on Quire's own database, in its own schema (`pgboss`, or
 * `QUIRE_JOBS_SCHEMA`; created and migrated by pg-boss on start). One instance per process, started on first use, kept on
 * globalThis so that Next.js dev reloads reuse it. Job rows live in PostgreSQL, so any app
 * server may send a job and any may work it.
 */
type BossState = { boss?: Promise<PgBoss>; queues: Map<string, Promise<void>> };
const globalJobs = globalThis as unknown as { quireBoss?: BossState };
const state: BossState = (globalJobs.quireBoss ??= { queues: new Map() });

/** The PostgreSQL schema of the job queue's tables. */
export const jobsSchema = () => process.env.QUIRE_JOBS_SCHEMA || "pgboss";

async function startBoss(): Promise<PgBoss> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the job queue needs the database.");
  const boss = new PgBoss({
    connectionString,
    application_name: "quire-jobs",
    schema: jobsSchema(),
    max: 4,
    // LISTEN/NOTIFY wakes workers when a job of a `notify` queue is committed, rather than at their next poll.
    useListenNotify: true,
    // Jobs whose worker stopped sending heartbeats (its server was killed) are retried within seconds.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on("error", (error) => console.error("Job queue error:", error));
  await boss.start();
  return boss;
}

/** The started queue. A failed start is forgotten so that a later call retries. */
export function jobQueue(): Promise<PgBoss> {
  if (!state.boss) {
    const starting = startBoss();
    state.boss = starting;
    starting.catch(() => {
      if (state.boss === starting) state.boss = undefined;
    });
  }
  return state.boss;
}

/** The queue with the kind's queue created (once per process; creating an existing queue changes nothing, then its options are brought up to date). */
export async function queueFor(kind: AnyJobKind): Promise<PgBoss> {
  const boss = await jobQueue();
  let ready = state.queues.get(kind.name);
  if (!ready) {
    const { policy: _policy, partition: _partition, ...updatable } = kind.queue;
    ready = boss.createQueue(kind.name, kind.queue).then(() => boss.updateQueue(kind.name, updatable));
    state.queues.set(kind.name, ready);
    ready.catch(() => state.queues.delete(kind.name));
  }
  await ready;
  return boss;
}

/** Stops the queue (letting running jobs finish) and closes its connections. */
export async function stopBoss(): Promise<void> {
  const starting = state.boss;
  state.boss = undefined;
  state.queues.clear();
  const boss = await starting?.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: 10_000 });
}
