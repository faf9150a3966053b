import { jobQueue, queueFor, stopBoss } from "./boss";
import { JOB_KINDS } from "./registry";

type WorkersState = { started?: Promise<void> };
const state = ((globalThis as unknown as { quireWorkers?: WorkersState }).quireWorkers ??= {});

/**
 * Works every kind of the registry in this process and registers the recurring schedules
 * (cluster-safe: every app server may call this). Calling it again does nothing.
 */
export function startWorkers(): Promise<void> {
  if (!state.started) {
    const starting = (async () => {
      const boss = await jobQueue();
      for (const kind of JOB_KINDS) {
        await queueFor(kind);
        await boss.work(kind.name, kind.work, async (jobs) => {
          // One job per call (no kind asks for batches), whose output is what its handler returns.
          const outputs: unknown[] = [];
          for (const job of jobs) {
            try {
              outputs.push(await kind.handle(kind.payload.parse(job.data)));
            } catch (error) {
              // pg-boss records the failure and retries by the kind's policy; the cause is logged here, in full.
              console.error(`Job ${kind.name} ${job.id} failed (attempt ${job.retryCount + 1}):`, error);
              throw error;
            }
          }
          return outputs[0];
        });
        if (kind.schedule) await boss.schedule(kind.name, kind.schedule, {}, { tz: "UTC" });
      }
    })();
    state.started = starting;
    starting.catch(() => {
      if (state.started === starting) state.started = undefined;
    });
  }
  return state.started;
}

/** Stops the workers (letting running jobs finish) and the queue. */
export async function stopJobQueue(): Promise<void> {
  state.started = undefined;
  await stopBoss();
}
