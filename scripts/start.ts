/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, a production build
 * when the sources changed, then the app server (scripts/serve.ts; `--dev`: Next.js in development
 * mode). Stopping stops the app server, then PostgreSQL: on SIGINT, SIGTERM or SIGHUP, when the app
 * server exits, and when whoever started us is gone, so that no PostgreSQL outlives `npm start`.
 * package.json runs it with `exec`, so that the signals npm passes on reach this process rather than
 * the `sh -c` npm runs scripts with (which ignores SIGINT while it waits).
 */
import type { ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { constants, userInfo } from "node:os";
import path from "node:path";
import type { SeededAdmin } from "../server/db/seed";
import { dataDir, openDatabase, type DatabaseHandle } from "../server/db/runtime";
import {
  authSecret,
  exitCode,
  portIsFree,
  prepareDatabase,
  serverReady,
  spawnNext,
  spawnServer,
} from "./app-server";
import { buildIsStale } from "./build-freshness";
import { EXIT_PORT_IN_USE, portInUseMessage } from "./server-protocol";
import { chromium, ensureSystemPackages } from "./system-packages";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const publicUrl = process.env.NEXTAUTH_URL || process.env.QUIRE_PUBLIC_URL || `http://localhost:${port}`;
const log = (line: string) => console.error(line);

let opening: Promise<DatabaseHandle> | undefined;
let child: ChildProcess | undefined;
let stopping: Promise<never> | undefined;

/**
 * Stops the running child (build or server; SIGTERM, which the server takes as "finish and exit"),
 * then PostgreSQL (once it has started), then exits. Once, whoever asks.
 */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exitCode(child);
    }
    const database = await opening?.catch(() => undefined);
    await database?.stop();
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => void stop(128 + constants.signals[signal]));
}
// npm dies of SIGHUP or SIGKILL without passing them on (and without `exec`, a `sh -c` in between dies
// of SIGTERM): left orphaned, we stop rather than keep PostgreSQL running for nobody.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(1);
}, 1000).unref();

// Checked before the database starts, so that a taken port fails at once (serve.ts says the same if it loses a race).
if (!(await portIsFree(port))) {
  console.error(portInUseMessage(port));
  process.exit(1);
}

try {
  mkdirSync(dataDir(), { recursive: true });
  opening = openDatabase({ reuseRunning: false });
  const database = await opening;
  // After each step: if a signal came meanwhile, wait here for the exit rather than start the next one.
  await stopping;
  const seeded = await prepareDatabase(database.url, log);
  if (seeded) reportSeededAdmin(seeded);
  await stopping;
  // PDF export prints with Chromium: installed on the first start where it is missing. Without it
  // Quire still runs, and a PDF answers 503 saying what to install.
  await ensureSystemPackages([chromium()], "PDF export", log);
  await stopping;
  if (!dev && buildIsStale()) {
    log("Building…");
    // Build output is progress, so it goes to stderr like our own.
    child = spawnNext(["build"], ["ignore", 2, 2]);
    const code = await exitCode(child);
    await stopping;
    if (code !== 0) throw new Error(`next build failed (exit code ${code}).`);
  }
  child = await spawnServer({
    dev,
    stdio: ["inherit", "inherit", "inherit"],
    env: { PORT: String(port), DATABASE_URL: database.url, NEXTAUTH_URL: publicUrl, NEXTAUTH_SECRET: authSecret() },
  });
  // A signal that came while the server was being bundled and spawned found no child to stop.
  if (stopping) child.kill("SIGTERM");
} catch (error) {
  if (!stopping) log(error instanceof Error ? error.message : String(error));
  await stop(1);
}

const server = child!;
// When the server exits on its own (a crash, or a taken port it has reported), the database is stopped too.
void exitCode(server).then((code) => stop(code === EXIT_PORT_IN_USE ? 1 : code));
if (await serverReady(server)) console.log(`Quire is ready at ${publicUrl}`);

/**
 * Tells how to sign in as the seeded admin. A generated password goes on screen only: when stdout is
 * not a terminal (a log file, a service manager's journal) it goes to a file only we can read.
 */
function reportSeededAdmin(seeded: SeededAdmin): void {
  const intro = `Seeded a demo organization. Sign in as ${seeded.email}`;
  if (!seeded.generatedPassword) {
    console.log(`${intro}.`);
  } else if (process.stdout.isTTY) {
    console.log(`${intro} with the password ${seeded.generatedPassword} (shown only this once).`);
  } else {
    const file = path.join(dataDir(), "admin-password");
    writeFileSync(file, seeded.generatedPassword + "\n", { mode: 0o600 });
    chmodSync(file, 0o600);
    console.log(`${intro} with the password in ${file} (readable only by ${userInfo().username}; delete it once you have signed in).`);
  }
}
