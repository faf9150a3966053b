import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded";

/** A database for a command: its URL, and how to let go of it when the command ends. */
export type DatabaseHandle = { url: string; embedded: boolean; stop: () => Promise<void> };

/** The folder of the embedded database and other local state: `.data`, or `QUIRE_DATA_DIR`. */
export function dataDir(): string {
  return path.resolve(process.env.QUIRE_DATA_DIR || ".data");
}

/** Written while this project's embedded PostgreSQL runs, so other commands (`npm run token`) can use it. */
const runtimeFile = () => path.join(dataDir(), "runtime.json");

/**
 * `DATABASE_URL` when set; otherwise the project's embedded PostgreSQL: with `reuseRunning`, the one
 * a running `npm start` serves, else one started here, stopped by `stop()`.
 */
export async function openDatabase(options: { reuseRunning: boolean }): Promise<DatabaseHandle> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, embedded: false, stop: async () => {} };
  if (options.reuseRunning) {
    const url = await runningEmbeddedUrl();
    if (url) return { url, embedded: true, stop: async () => {} };
  }
  // PostgreSQL's own log is kept quiet (it must not reach `npm run token`'s stdout) but shown if it fails to start.
  const logTail: string[] = [];
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dataDir(), "postgres"),
    persistent: true,
    log: (line) => {
      logTail.push(line);
      if (logTail.length > 40) logTail.shift();
    },
  }).catch((error: unknown) => {
    throw new Error(`Could not start the embedded PostgreSQL: ${error instanceof Error ? error.message : "it exited"}\n${logTail.join("\n")}`);
  });
  // We hold the data directory's lock, so the file is ours to write and to remove.
  writeFileSync(runtimeFile(), JSON.stringify({ pid: process.pid, url: database.url }) + "\n");
  return {
    url: database.url,
    embedded: true,
    stop: async () => {
      rmSync(runtimeFile(), { force: true });
      await database.stop();
    },
  };
}

/** The URL in runtime.json if a server answers there; a file left by a crash answers nothing. */
async function runningEmbeddedUrl(): Promise<string | undefined> {
  let url: string;
  try {
    url = (JSON.parse(readFileSync(runtimeFile(), "utf8")) as { url: string }).url;
  } catch {
    return undefined;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
