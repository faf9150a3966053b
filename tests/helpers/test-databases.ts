import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Test databases: one PostgreSQL server per run, a template database migrated (and given its job
 * queue) once, and a clone of it for each test file. `CREATE DATABASE … TEMPLATE` copies the files
 * in milliseconds, so every file starts from the same fresh schema without paying for it.
 */

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A new, empty database (an existing one of that name is dropped first). */
export function createEmptyDatabase(serverUrl: string, name: string): Promise<string> {
  return onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted(name)}`);
    return databaseUrl(serverUrl, name);
  });
}

/** A copy of `template` under a new name; its URL. The template must have no open connections. */
export function cloneDatabase(serverUrl: string, template: string, prefix = "test"): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  return onServer(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`);
    return { name, url: databaseUrl(serverUrl, name) };
  });
}

/** Drops a database, ending whatever connections are still open to it. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  });
}
