import { Worker } from "node:worker_threads";
import { WORKER_EXEC_ARGV, WorkerPool } from "../workers/worker-pool";
import type { HtmlTasks } from "./html-tasks";

/**
 * A website import's HTML is parsed and turned into markdown off the event loop, in a worker of its
 * own: a fetched page of a few megabytes took 4 s to read and 8 s to convert, and deep nesting
 * overflows the stack. Its own worker, so that an import of thousands of pages never queues ahead of
 * the markdown of pages people are writing (server/markdown/markdown-pool.ts).
 */

/** Time one page's HTML may take to be read, and to be converted: past it, the page is a failure of the import. */
export const HTML_BUDGET_MS = 10_000;

/** A worker's heap: past it the worker is ended and its page fails, not the server. */
const WORKER_HEAP_MB = 512;

let shared: WorkerPool<HtmlTasks> | undefined;

/** The server's HTML pool: one worker, started when an import first needs it. */
export function htmlPool(): WorkerPool<HtmlTasks> {
  shared ??= new WorkerPool<HtmlTasks>({
    size: 1,
    spawn: (state) =>
      // Written exactly so, options included: the production bundler recognizes `new Worker(new URL(…, import.meta.url), { … })`
      // and bundles the entry; with the options from a function call it copied the .ts file as an asset instead.
      new Worker(new URL("./html-worker.ts", import.meta.url), {
        workerData: { state },
        execArgv: WORKER_EXEC_ARGV,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      }),
  });
  return shared;
}
