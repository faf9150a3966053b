import { PgBoss } from "pg-boss";
import { CONTENT_IMPORT_JOB, CONTENT_IMPORT_WORK_OPTIONS, runImportJob } from "./import-job";
import { PURGE_DELETED_SPACES_CRON, PURGE_DELETED_SPACES_JOB, runPurgeJob } from "./purge-job";

/**
 * The background job queue: pg-boss on Quire's own database, in its own `pgboss` schema
 * (created and migrated by pg-boss on start). Schedules are cluster-safe, so every app server
 * may start workers. Kept on globalThis so that Next.js dev reloads reuse the one instance.
 */
type JobsState = { queue?: Promise<PgBoss>; workers?: Promise<void> };
const state = ((globalThis as unknown as { quireJobs?: JobsState }).quireJobs ??= {});

async function startQueue(): Promise<PgBoss> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: the job queue needs the database.");
  const boss = new PgBoss({ connectionString, application_name: "quire-jobs", max: 4 });
  boss.on("error", (error) => console.error("Job queue error:", error));
  await boss.start();
  // Queues must exist before jobs are sent or scheduled; creating an existing one does nothing.
  await boss.createQueue(PURGE_DELETED_SPACES_JOB);
  await boss.createQueue(CONTENT_IMPORT_JOB);
  return boss;
}

/** The started queue, started on first use. A failed start is forgotten so that a later call retries. */
export function jobQueue(): Promise<PgBoss> {
  if (!state.queue) {
    const starting = startQueue();
    state.queue = starting;
    starting.catch(() => {
      if (state.queue === starting) state.queue = undefined;
    });
  }
  return state.queue;
}

/** Registers the job handlers and the recurring schedules; calling it again does nothing. */
export function startWorkers(): Promise<void> {
  if (!state.workers) {
    const starting = (async () => {
      const boss = await jobQueue();
      await boss.work(PURGE_DELETED_SPACES_JOB, runPurgeJob);
      await boss.work(CONTENT_IMPORT_JOB, CONTENT_IMPORT_WORK_OPTIONS, runImportJob);
      await boss.schedule(PURGE_DELETED_SPACES_JOB, PURGE_DELETED_SPACES_CRON, null, { tz: "UTC" });
    })();
    state.workers = starting;
    starting.catch(() => {
      if (state.workers === starting) state.workers = undefined;
    });
  }
  return state.workers;
}

/** Stops the workers (letting running jobs finish) and closes the queue's connections. */
export async function stopJobQueue(): Promise<void> {
  const queue = state.queue;
  state.queue = undefined;
  state.workers = undefined;
  if (!queue) return;
  const boss = await queue.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: 10_000 });
}
