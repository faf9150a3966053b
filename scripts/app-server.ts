/** What `npm start` and the benchmark share: preparing the database and the build, and running Next.js. */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { db } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { registerBuiltinIntegrations } from "../server/integrations/builtin/register";
import { dataDir } from "../server/db/runtime";
import { seedDemo, type SeededAdmin } from "../server/db/seed";
import { enqueue } from "../server/jobs/enqueue";
import { stopJobQueue } from "../server/jobs/workers";
import { searchCatchUpJob } from "../server/search/index-space";
import { SERVER_READY } from "./server-protocol";

const nextBin = path.resolve("node_modules/.bin/next");

/**
 * Applies the migrations, seeds the demo on a database without users, registers the built-in
 * integrations (server/integrations/builtin/), and queues the search catch-up (for spaces whose
 * index fell behind, e.g. restored from a backup); jobs run once the server's workers start.
 */
export async function prepareDatabase(url: string, log: (line: string) => void): Promise<SeededAdmin | null> {
  const applied = await migrate(url);
  if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
  process.env.DATABASE_URL = url;
  const seeded = await seedDemo();
  // After the seed, which runs only on a database without users (the built-ins' bot users are users).
  await registerBuiltinIntegrations();
  await enqueue(db(), searchCatchUpJob, {});
  // The server process opens its own pools; these would only hold connections.
  await stopJobQueue();
  await db().$disconnect();
  return seeded;
}

/** Spawns `next <args>` (the build) with the environment Quire's server needs. */
export function spawnNext(args: string[], stdio: StdioOptions, env: Record<string, string> = {}): ChildProcess {
  return spawn(nextBin, args, { stdio, env: serverEnv(env) });
}

/** The production app server as one plain JavaScript file, so that it starts without a TypeScript loader. */
const SERVER_SCRIPT = path.resolve(".next/quire-server.mjs");

/**
 * Spawns the app server (scripts/serve.ts): production, or `next dev` behind the same server with
 * `dev`. Its IPC channel tells when it serves (serverReady) and ends it when we end. In production it
 * runs bundled (scripts/serve.ts and what it imports, `next` left to node_modules) by esbuild, which
 * takes milliseconds: run through tsx, it took 0.7 s longer to start and 80 MB more memory.
 */
export async function spawnServer(options: { dev: boolean; stdio: Array<"inherit" | "ignore">; env: Record<string, string> }): Promise<ChildProcess> {
  if (!options.dev) {
    const { build } = await import("esbuild");
    await build({ entryPoints: ["scripts/serve.ts"], outfile: SERVER_SCRIPT, bundle: true, packages: "external", platform: "node", format: "esm", target: "node22", logLevel: "error" });
  }
  // One process (no wrapper in between), so that signals and memory figures are the server's own.
  const args = options.dev ? ["--import", "tsx", "scripts/serve.ts", "--dev"] : [...SERVER_NODE_FLAGS, SERVER_SCRIPT];
  return spawn(process.execPath, args, { stdio: [...options.stdio, "ipc"], env: { MALLOC_ARENA_MAX: "2", ...serverEnv(options.env) } });
}

/**
 * The production server's heap. Under V8's defaults the heap grows to four times what it holds
 * before V8 collects (a 3-minute soak left 437 MB of heap holding 105 MB), and idleness rarely
 * shrinks it. `--heap-growing-percent=50` grows it by half of what a collection leaves alive
 * instead (30% took 15–25% more CPU per request in the soak; 50% peaked under 500 MB with 8 MB
 * semi-spaces, a young generation of 16 MB instead of 32, for every thread). Neither is a limit: the
 * heap may still reach V8's default (4 GB on a 24 GB machine) for the largest merges and imports.
 * A `--max-old-space-size` would be one, and it would override every worker's own `resourceLimits`
 * too (V8's flag wins over an isolate's constraints): the markdown workers' 512 MB for one hostile
 * page became 1.5 GB. `--expose-gc` lets the server give its heap back when it goes quiet
 * (scripts/idle-collection.ts). With MALLOC_ARENA_MAX=2, the threads leave freed memory in fewer
 * allocator arenas.
 */
export const SERVER_NODE_FLAGS = ["--heap-growing-percent=50", "--max-semi-space-size=8", "--expose-gc"];

/** True once the spawned server serves; false if it exits first (e.g. its port was taken: a server answering there is not ours). */
export function serverReady(server: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    server.on("message", (message) => message === SERVER_READY && resolve(true));
    void exitCode(server).then(() => resolve(false));
  });
}

/** Whether the app server could listen on `port` (tried the way serve.ts listens), so a taken port fails before the database starts. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(false) : reject(error)));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

// A self-hosted install should not phone home (and is often offline).
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1", ...env };
}

export function exitCode(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

/** The session signing key: `NEXTAUTH_SECRET`, else generated once and kept with the data, so sessions survive restarts. */
export function authSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(dataDir(), "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** Resolves once the server on `port` answers its health check. */
export async function waitUntilServing(port: number, intervalMs = 250): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
