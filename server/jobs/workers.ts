import type { JobResult } from "pg-boss";
import { startEventDispatcher, stopEventDispatcher } from "../events/dispatch";
import { jobQueue, queueFor, stopBoss } from "./boss";
import { JOB_KINDS } from "./registry";

type WorkersState = { started?: Promise<void> };
const state = ((globalThis as unknown as { quireWorkers?: WorkersState }).quireWorkers ??= {});

/**
 * This process's background work: works every kind of the registry, registers the recurring
 * schedules, and runs the dispatcher of committed domain events to their subscribers
 * (server/events/dispatch.ts). Cluster-safe: every app server may call this. Calling it again does nothing.
 */
export function startWorkers(): Promise<void> {
  if (!state.started) {
    const starting = (async () => {
      const boss = await jobQueue();
      for (const kind of JOB_KINDS) {
        await queueFor(kind);
        // Each job of a batch settles on its own: one that fails is retried by the kind's policy, alone.
        await boss.work(kind.name, { ...kind.work, perJobResults: true }, async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              results.push({ id: job.id, status: "completed", output: await kind.handle(kind.payload.parse(job.data)) });
            } catch (error) {
              // The cause is logged here, in full; the job records its message.
              console.error(`Job ${kind.name} ${job.id} failed (attempt ${job.retryCount + 1}):`, error);
              results.push({ id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
            }
          }
          return results;
        });
        if (kind.schedule) await boss.schedule(kind.name, kind.schedule, {}, { tz: "UTC" });
      }
      await startEventDispatcher();
    })();
    state.started = starting;
    starting.catch(() => {
      if (state.started === starting) state.started = undefined;
    });
  }
  return state.started;
}

/** Stops the dispatcher and the workers (letting running passes and jobs finish) and the queue. */
export async function stopJobQueue(): Promise<void> {
  state.started = undefined;
  await stopEventDispatcher();
  await stopBoss();
}
