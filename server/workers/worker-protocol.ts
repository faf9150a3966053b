/**
 * What the pool (server/workers/worker-pool.ts) and its workers (server/workers/serve-tasks.ts)
 * say to each other. A task runs a function over a list of inputs; each input gives an outcome.
 */

/** Why an input has no value: it ran past its time budget, too deep for the stack, or out of memory. */
export type Limit = "time" | "depth" | "memory";

/** `step`: how far into the input the task had gone, when it reports steps (a PDF's page). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; limit: Limit; step?: number };

/**
 * Functions a worker serves, by name. `progress` starts the input's time budget again: a task that
 * does several long steps for one input (a PDF, page after page) calls it as each step begins.
 */
export type TaskTable = Record<string, (input: never, progress: (step: number) => void) => unknown>;

export type TaskInput<T extends TaskTable, K extends keyof T> = Parameters<T[K]>[0];
export type TaskOutput<T extends TaskTable, K extends keyof T> = Awaited<ReturnType<T[K]>>;

export type TaskRequest = { seq: number; task: string; inputs: unknown[]; stopAtFirstFailure: boolean };

/** Outcomes of inputs `from`…, in order; `done` when the task has answered every input it will. */
export type TaskReply =
  | { seq: number; kind: "outcomes"; from: number; outcomes: Outcome<unknown>[]; done: boolean }
  | { seq: number; kind: "error"; message: string; stack?: string };

/**
 * Memory shared by the pool and one worker, written by the worker as it starts each input and
 * read by the pool's watchdog, which can read it while the worker is busy (a message could not
 * be read until the worker is done): the task's sequence number, the input's position, its step
 * (-1 before any), and when that input or step began, in ms since the epoch.
 */
export const SHARED_STATE_BYTES = 24;

export function sharedState(buffer: SharedArrayBuffer) {
  const ints = new Int32Array(buffer, 0, 3);
  const clock = new Float64Array(buffer, 16, 1);
  return {
    /** Worker side: input `position` of task `seq` starts now. */
    start(seq: number, position: number) {
      clock[0] = Date.now();
      Atomics.store(ints, 2, -1);
      Atomics.store(ints, 1, position);
      // Written last: once the pool sees this task's seq, position and clock are this task's.
      Atomics.store(ints, 0, seq);
    },
    /** Worker side: the current input begins step `step`; its budget starts again. */
    progress(step: number) {
      clock[0] = Date.now();
      Atomics.store(ints, 2, step);
    },
    /** The step the current input is at, if its task reports steps. */
    step(): number | undefined {
      const step = Atomics.load(ints, 2);
      return step < 0 ? undefined : step;
    },
    /** Worker side: the task has answered; its last outcomes are on their way. */
    finish() {
      Atomics.store(ints, 1, -1);
    },
    /** Pool side: the input task `seq` is at (-1 once finished), and since when; null while the worker has not begun it. */
    read(seq: number): { position: number; since: number } | null {
      if (Atomics.load(ints, 0) !== seq) return null;
      return { position: Atomics.load(ints, 1), since: clock[0]! };
    },
  };
}
