/**
 * What the benchmarks against the production server share: its own fresh data folder and database,
 * the build (when stale), the server spawned on a free port with jobs off, and autocannon runs.
 */
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../server/db/embedded";
import { removeDataFolder } from "../server/db/embedded-location";
import { db } from "../server/db/client";
import { openDatabase } from "../server/db/runtime";
import { stopJobQueue } from "../server/jobs/workers";
import { buildIsStale } from "../scripts/build-freshness";
import { authSecret, exitCode, prepareDatabase, spawnNext, spawnServer, waitUntilServing } from "../scripts/app-server";

export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no types; this is the part we use.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export const CONNECTIONS = 20;
export const DURATION_S = 10;
export const WARMUP_S = 3;
export const log = (line: string) => console.error(line);

export type BenchServer = { origin: string; pid: number; coldStartMs: number; rssMiB: number; stop: () => Promise<void> };

/**
 * A fresh database in `.data/<name>`, migrated and seeded, and the production server on it (build excluded from every figure).
 * `env` adds to the server's environment (e.g. `QUIRE_DISABLE_JOBS: ""` for a benchmark of background work).
 */
export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  process.env.QUIRE_DATA_DIR = path.resolve(`.data/${name}`);
  // A fresh database each run: figures never depend on what an earlier run (or schema) left.
  removeDataFolder(process.env.QUIRE_DATA_DIR);
  mkdirSync(process.env.QUIRE_DATA_DIR, { recursive: true });
  const database = await openDatabase({ reuseRunning: false });
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  const stop = async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await exitCode(server);
    }
    // Fixtures written from this process may have started its job queue: let go before the database stops.
    await stopJobQueue();
    await db().$disconnect();
    await database.stop();
  };
  try {
    await prepareDatabase(database.url, log);
    if (buildIsStale()) {
      log("Building… (not part of any measurement)");
      if ((await exitCode(spawnNext(["build"], ["ignore", 2, 2]))) !== 0) throw new Error("next build failed");
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const spawnedAt = performance.now();
    server = await spawnServer({
      dev: false,
      stdio: ["ignore", "ignore", "inherit"],
      env: { PORT: String(port), DATABASE_URL: database.url, NEXTAUTH_URL: origin, NEXTAUTH_SECRET: authSecret(), QUIRE_DISABLE_JOBS: "1", ...env },
    });
    await waitUntilServing(port, 10);
    const coldStartMs = performance.now() - spawnedAt;
    return { origin, pid: server.pid!, coldStartMs, rssMiB: residentMiB(server.pid!), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `WARMUP_S` seconds of requests, unmeasured. */
export async function warmUp(label: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  log(`Warming up ${label}…`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
}

/** Warm-up, then `DURATION_S` seconds at `CONNECTIONS` connections; any failed answer makes the figures meaningless, so it throws. */
export async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<AutocannonResult> {
  await warmUp(label, url, headers);
  log(`Measuring ${label} for ${DURATION_S} s…`);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts: the numbers would be meaningless`);
  }
  return result;
}

export function describe(result: AutocannonResult): string {
  return `${result.requests.average.toFixed(0)} req/s (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests)`;
}

/** CPU time a process has used so far (user and system), in ms: the server's cost per request, whatever else the machine runs. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory now (`VmRSS`), or the most it has held (`VmHWM`), in MiB. */
export function residentMiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const kib = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1];
  return Number(kib) / 1024;
}
