/**
 * Next.js instrumentation hook, run once per server process: starts the background job
 * workers in the Node.js runtime. The import sits in a branch the edge build folds away, so
 * pg-boss stays out of the edge bundle. QUIRE_DISABLE_JOBS=1 turns the workers off (for
 * example on app servers that should only serve requests).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.QUIRE_DISABLE_JOBS !== "1") {
    const { startWorkers } = await import("./server/jobs/workers");
    await startWorkers();
  }
}
