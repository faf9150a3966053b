import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded";
import { DatabaseStartError } from "./embedded-errors";
import { readOwner } from "./embedded-lock";

/** A database for a command: its URL, and how to let go of it when the command ends. */
export type DatabaseHandle = { url: string; embedded: boolean; stop: () => Promise<void> };

/** The folder of the embedded database and other local state: `.data`, or `QUIRE_DATA_DIR`. */
export function dataDir(): string {
  return path.resolve(process.env.QUIRE_DATA_DIR || ".data");
}

/**
 * `DATABASE_URL` when set; otherwise the project's embedded PostgreSQL: with `reuseRunning`, the one
 * a running `npm start` serves, else one started here, stopped by `stop()`. A failed start throws a
 * DatabaseStartError whose message is meant to be printed alone.
 */
export async function openDatabase(options: { reuseRunning: boolean }): Promise<DatabaseHandle> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, embedded: false, stop: async () => {} };
  if (options.reuseRunning) {
    const url = await runningEmbeddedUrl();
    if (url) return { url, embedded: true, stop: async () => {} };
  }
  const database = await startEmbeddedPostgres({ dataDir: dataDir(), persistent: true, port: fixedPort() });
  return { url: database.url, embedded: true, stop: database.stop };
}

/** `QUIRE_POSTGRES_PORT`, when set: the embedded PostgreSQL's port (else a free one). */
function fixedPort(): number | undefined {
  const value = process.env.QUIRE_POSTGRES_PORT;
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new DatabaseStartError(`QUIRE_POSTGRES_PORT=${value} is not a port number (1 to 65535).`);
  return port;
}

/** The URL in runtime.json if a server answers there; a file left by a crash answers nothing. */
async function runningEmbeddedUrl(): Promise<string | undefined> {
  const url = readOwner(dataDir())?.url;
  if (!url) return undefined;
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
