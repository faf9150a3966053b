import { parentPort, workerData } from "node:worker_threads";
import { sharedState, type Limit, type Outcome, type TaskReply, type TaskRequest, type TaskTable } from "./worker-protocol";

/** Outcomes are sent in batches at least this far apart, so a task over thousands of inputs sends few messages. */
const FLUSH_MS = 20;

/**
 * The body of a pool worker: runs the tasks of `table` the pool sends, one at a time, input by
 * input, and answers each input's outcome. The pool ends a worker whose input outlasts its
 * budget; a stack overflow, which the worker survives, is that input's outcome.
 */
export function serveTasks(table: TaskTable): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  const state = sharedState((workerData as { state: SharedArrayBuffer }).state);

  port.on("message", async ({ seq, task, inputs, stopAtFirstFailure }: TaskRequest) => {
    let from = 0;
    let outcomes: Outcome<unknown>[] = [];
    let flushedAt = Date.now();
    let reply: TaskReply;
    try {
      const run = table[task];
      if (!run) throw new Error(`No task ${task}`);
      for (let position = 0; position < inputs.length; position++) {
        state.start(seq, position);
        const outcome = await outcomeOf(run, inputs[position]);
        outcomes.push(outcome);
        if (!outcome.ok && stopAtFirstFailure) break;
        if (Date.now() - flushedAt >= FLUSH_MS && position < inputs.length - 1) {
          port.postMessage({ seq, kind: "outcomes", from, outcomes, done: false } satisfies TaskReply);
          from += outcomes.length;
          outcomes = [];
          flushedAt = Date.now();
        }
      }
      reply = { seq, kind: "outcomes", from, outcomes, done: true };
    } catch (error) {
      const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
      reply = { seq, kind: "error", message, stack };
    }
    state.finish();
    port.postMessage(reply);
  });

  async function outcomeOf(run: TaskTable[string], input: unknown): Promise<Outcome<unknown>> {
    try {
      return { ok: true, value: await run(input as never, state.progress) };
    } catch (error) {
      const limit = limitOf(error);
      if (!limit) throw error;
      const step = state.step();
      return step === undefined ? { ok: false, limit } : { ok: false, limit, step };
    }
  }
}

/** The limit an error means: the stack (input nested too deeply), or a string or array past V8's size. */
function limitOf(error: unknown): Limit | null {
  if (!(error instanceof RangeError)) return null;
  if (error.message.includes("call stack")) return "depth";
  if (/^Invalid (string|array) length/.test(error.message)) return "memory";
  return null;
}
