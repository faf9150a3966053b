/**
 * Who owns a running embedded PostgreSQL, and what to do with one found running at start: a server
 * left behind by a Quire killed with SIGKILL is stopped and restarted; one that another live Quire
 * uses is left alone and reported.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseStartError } from "./embedded-errors";

/** `<data folder>/runtime.json`: the Quire process using the database (pid and start time, since pids get reused) and its URL. */
export type OwnerRecord = { pid: number; startTime?: string; url: string };

const ownerFile = (dataDir: string) => path.join(dataDir, "runtime.json");

export function readOwner(dataDir: string): OwnerRecord | undefined {
  try {
    return JSON.parse(readFileSync(ownerFile(dataDir), "utf8")) as OwnerRecord;
  } catch {
    return undefined;
  }
}

/** Records this process as the database's owner. Private: the URL holds the database password. */
export function writeOwner(dataDir: string, url: string): void {
  const record: OwnerRecord = { pid: process.pid, startTime: startTime(process.pid), url };
  writeFileSync(ownerFile(dataDir), JSON.stringify(record) + "\n", { mode: 0o600 });
}

/** Removes the owner record if it is this process's. */
export function removeOwner(dataDir: string): void {
  if (readOwner(dataDir)?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

/**
 * The start time (clock ticks since boot, field 22 of /proc/<pid>/stat) of a live process; undefined
 * when there is none or it is a zombie (here nothing may reap an orphaned server that exited).
 */
function startTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Fields after the command name, which is in parentheses and may itself contain spaces: state first.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[0] === "Z" ? undefined : fields[19];
}

function ownerAlive(owner: OwnerRecord): boolean {
  const now = startTime(owner.pid);
  return now !== undefined && (owner.startTime === undefined || owner.startTime === now);
}

/** Whether `pid` is a PostgreSQL server (postmaster) on `cluster`, from its command line. */
function isPostmasterOf(pid: number, cluster: string): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return false;
  }
  const dataArg = args.indexOf("-D");
  return path.basename(args[0] ?? "") === "postgres" && dataArg > 0 && path.resolve(args[dataArg + 1] ?? "") === cluster;
}

/**
 * Looks at `postmaster.pid` before a start. A pid that is no PostgreSQL on `cluster` (reused by an
 * unrelated process) makes the file stale: it is removed, since PostgreSQL would take the live pid for
 * another server. A live server of ours whose recorded owner is gone is stopped (fast shutdown, then
 * harder). A live server of another Quire, or of no Quire, is reported.
 */
export async function takeOverLeftServer(cluster: string, dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(cluster, "postmaster.pid");
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  // A dead pid is left to PostgreSQL, which also checks for old server processes still attached to its memory.
  if (!pid || startTime(pid) === undefined) return;
  if (!isPostmasterOf(pid, cluster)) {
    rmSync(pidFile);
    return;
  }
  const owner = readOwner(dataDir);
  if (!owner) {
    throw new DatabaseStartError(`A PostgreSQL that Quire did not start (pid ${pid}) is running on ${cluster}: stop it (kill -INT ${pid}), then start again.`);
  }
  if (ownerAlive(owner)) {
    throw new DatabaseStartError(`The database in ${cluster} is in use by another Quire (pid ${owner.pid}): stop that one first, or set QUIRE_DATA_DIR to another folder.`);
  }
  log(`Stopping the PostgreSQL (pid ${pid}) left running by a Quire that ended abruptly (pid ${owner.pid})…`);
  if (!(await stopProcess(pid))) {
    throw new DatabaseStartError(`The PostgreSQL (pid ${pid}) left running on ${cluster} by an earlier Quire does not stop: kill it (kill -9 ${pid}), then start again.`);
  }
}

/**
 * Stops a server that is not our child: SIGINT (PostgreSQL's fast shutdown: rolls back, checkpoints,
 * exits), then SIGQUIT (immediate shutdown), then SIGKILL. True once it is gone.
 */
async function stopProcess(pid: number): Promise<boolean> {
  for (const [signal, waitMs] of [["SIGINT", 30_000], ["SIGQUIT", 5_000], ["SIGKILL", 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; ) {
      if (startTime(pid) === undefined) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}
