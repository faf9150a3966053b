import { Worker } from "node:worker_threads";
import { describe, expect, test } from "vitest";
import { WorkerPool } from "../../server/workers/worker-pool";
import { MAX_STALL_MS, measureStall } from "../helpers/measure-stall";
import type { fixtureTasks } from "./fixture-tasks";

const fixtureWorker = (state: SharedArrayBuffer) =>
  new Worker(new URL("./fixture-worker.ts", import.meta.url), { workerData: { state }, execArgv: ["--import", "tsx"], resourceLimits: { maxOldGenerationSizeMb: 64 } });

/** A pool of workers serving the fixture tasks, each with a 64 MB heap. */
const fixturePool = (size = 1) => new WorkerPool<typeof fixtureTasks>({ size, spawn: fixtureWorker });

describe("WorkerPool", () => {
  test("an input past its budget fails with `time`, without blocking the event loop; a new worker serves the next task", async () => {
    const pool = fixturePool();
    const { result, stallMs } = await measureStall(() => pool.mapOrFail("spin", [60_000], 300));
    expect(result).toEqual({ ok: false, index: 0, limit: "time", values: [] });
    expect(stallMs).toBeLessThanOrEqual(MAX_STALL_MS);
    expect(await pool.map("echo", ["next"], 1000)).toEqual([{ ok: true, value: "next" }]);
  });

  test("inputs after a slow one still run and keep their order; up to the first failure with mapOrFail", async () => {
    const pool = fixturePool();
    expect(await pool.map("spin", [1, 60_000, 2, 60_000, 3], 300)).toEqual([
      { ok: true, value: 1 },
      { ok: false, limit: "time" },
      { ok: true, value: 2 },
      { ok: false, limit: "time" },
      { ok: true, value: 3 },
    ]);
    expect(await pool.mapOrFail("spin", [1, 2, 60_000, 3], 300)).toEqual({ ok: false, index: 2, limit: "time", values: [1, 2] });
    expect(await pool.mapOrFail("spin", [1, 2], 300)).toEqual({ ok: true, values: [1, 2] });
  });

  test("a stack overflow is the input's `depth`, and the worker goes on with the next input", async () => {
    const pool = fixturePool();
    expect(await pool.map("recurse", [10_000_000, 10], 5000)).toEqual([
      { ok: false, limit: "depth" },
      { ok: true, value: 10 },
    ]);
  });

  test("running out of heap is the input's `memory`; the pool's process is unharmed", async () => {
    const pool = fixturePool();
    expect(await pool.map("allocate", [2_000, 1], 20_000)).toEqual([
      { ok: false, limit: "memory" },
      { ok: true, value: 1 },
    ]);
  });

  test("a task reporting steps gets the budget per step, and a failure names the step", async () => {
    const pool = fixturePool();
    expect(await pool.mapOrFail("steps", [[200, 200, 200, 200]], 350)).toEqual({ ok: true, values: [4] });
    expect(await pool.mapOrFail("steps", [[10, 10, 60_000]], 350)).toEqual({ ok: false, index: 0, limit: "time", step: 2, values: [] });
  });

  test("a task's error rejects its job, like any error; the worker goes on", async () => {
    const pool = fixturePool();
    await expect(pool.map("fail", ["boom"], 1000)).rejects.toThrow(/Worker task fail failed: boom/);
    expect(await pool.map("echo", ["after"], 1000)).toEqual([{ ok: true, value: "after" }]);
  });

  test("concurrent jobs share the workers and each gets its own answers", async () => {
    const pool = fixturePool(2);
    const answers = await Promise.all([
      pool.map("spin", [300, 20], 2000),
      pool.map("echo", ["a", "b"], 2000),
      pool.mapOrFail("spin", [60_000], 300),
      pool.map("echo", ["c"], 2000),
    ]);
    expect(answers).toEqual([
      [
        { ok: true, value: 300 },
        { ok: true, value: 20 },
      ],
      [
        { ok: true, value: "a" },
        { ok: true, value: "b" },
      ],
      { ok: false, index: 0, limit: "time", values: [] },
      [{ ok: true, value: "c" }],
    ]);
  });

  test("a worker idle for `idleMs` is ended, never while busy; the next task starts a new one", async () => {
    const spawned: Worker[] = [];
    const pool = new WorkerPool<typeof fixtureTasks>({ size: 1, idleMs: 100, spawn: (state) => spawned[spawned.push(fixtureWorker(state)) - 1]! });
    // Spins past idleMs: a busy worker is kept.
    expect(await pool.map("spin", [400], 5000)).toEqual([{ ok: true, value: 400 }]);
    expect(spawned).toHaveLength(1);
    await new Promise((resolve) => spawned[0]!.once("exit", resolve));
    expect(await pool.map("echo", ["after idle"], 5000)).toEqual([{ ok: true, value: "after idle" }]);
    expect(spawned).toHaveLength(2);
  });
});
