import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type AppError, fieldError, sentence } from "../errors";
import { WORKER_EXEC_ARGV, WorkerPool } from "../workers/worker-pool";
import type { Limit } from "../workers/worker-protocol";
import type { MarkdownTasks } from "./markdown-tasks";

/**
 * Page markdown is parsed off the event loop: micromark takes seconds on some inputs of a few
 * kilobytes (and is superlinear on plain ones), so no size limit alone bounds its time. Each page
 * gets a budget per use; past it, its worker is ended and the page fails with a limit.
 */

/** Time one page's markdown may take when it is written: past it the write answers 400. */
export const WRITE_BUDGET_MS = 2_000;

/**
 * Time one page may take when it is read (documents, PDFs, links and search sections of stored
 * versions): five times the write budget, so that what was accepted on write reads back on a
 * busier machine and through the heavier work of a read (a document, a PDF's layout).
 */
export const READ_BUDGET_MS = 10_000;

/** A worker's heap: past it the worker is ended and its page fails with `memory`, not the server. */
const WORKER_HEAP_MB = 512;

/**
 * A worker idle this long is ended and its heap returned: after a burst of renders it held 60 MB
 * (20 MB even once V8 had shrunk it). The next page after a quiet spell pays a worker's start.
 * (Its young generation is the server's, `--max-semi-space-size` in scripts/app-server.ts: V8's
 * flag wins over a worker's `maxYoungGenerationSizeMb`.)
 */
const WORKER_IDLE_MS = 30_000;

/** One core stays with the event loop (keeping it free is the point); more than four workers only queue on the database. */
const POOL_SIZE = Math.min(4, Math.max(1, availableParallelism() - 1));

/** A pool of `size` markdown workers. */
export function createMarkdownPool(size: number): WorkerPool<MarkdownTasks> {
  return new WorkerPool<MarkdownTasks>({
    size,
    idleMs: WORKER_IDLE_MS,
    spawn: (state) =>
      // Written exactly so, options included: the production bundler recognizes `new Worker(new URL(…, import.meta.url), { … })`
      // and bundles the entry; with the options from a function call it copied the .ts file as an asset instead.
      new Worker(new URL("./markdown-worker.ts", import.meta.url), {
        workerData: { state },
        execArgv: WORKER_EXEC_ARGV,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      }),
  });
}

let shared: WorkerPool<MarkdownTasks> | undefined;

/** The server's markdown pool, its workers started when first needed. */
export function markdownPool(): WorkerPool<MarkdownTasks> {
  shared ??= createMarkdownPool(POOL_SIZE);
  return shared;
}

/** What a limit means to whoever wrote the markdown. */
export function describeLimit(limit: Limit, budgetMs: number): string {
  switch (limit) {
    case "time":
      return `too complex to process within ${budgetMs / 1000} s (simplify deeply nested or repeated syntax)`;
    case "depth":
      return "nested too deeply to process (simplify nested lists, quotes, emphasis or links)";
    case "memory":
      return `needs more than ${WORKER_HEAP_MB} MB to process (simplify deeply nested or repeated syntax)`;
  }
}

/** The 400 for markdown of `field` that ran into `limit`. */
export function markdownLimitError(field: string, limit: Limit, budgetMs: number): AppError {
  return fieldError(field, sentence(describeLimit(limit, budgetMs)));
}
