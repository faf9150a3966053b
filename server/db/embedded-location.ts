/**
 * Where the embedded database of a Quire data folder lives: `<data folder>/postgres`, unless the user
 * PostgreSQL runs as cannot enter the data folder (root's checkout below /root, a `mktemp -d`
 * folder). Then it lives in `/var/lib/quire/<name>-<hash of the data folder's path>/postgres` and
 * `<data folder>/postgres` is a symlink to it, so the data is found again (also after the checkout
 * moves) and people find it. Nothing here changes the modes of the user's own folders.
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { canEnter, openFolder, SYSTEM_FOLDER, type SystemUser } from "./embedded-binaries";
import { DatabaseStartError } from "./embedded-errors";

/** The database folder of `dataDir` for `user`, relocated (and linked) when `user` cannot reach it in place. */
export function databaseFolder(dataDir: string, user: SystemUser, systemFolder = SYSTEM_FOLDER): string {
  const inPlace = path.join(dataDir, "postgres");
  const entry = lstatSync(inPlace, { throwIfNoEntry: false });
  if (entry?.isSymbolicLink()) return path.resolve(dataDir, readlinkSync(inPlace));
  if (canEnter(user, dataDir)) return inPlace;
  if (entry?.isDirectory() && readdirSync(inPlace).length > 0) {
    const relocated = relocatedFolder(dataDir, systemFolder);
    throw new DatabaseStartError(
      `PostgreSQL runs as the ${user.name} user, which cannot enter ${dataDir} (a folder above it is closed to others). ` +
        `Move the database where it can: mkdir -p ${path.dirname(relocated)} && mv ${inPlace} ${relocated} && ln -s ${relocated} ${inPlace}`,
    );
  }
  // An empty folder is what a start that failed on this used to leave.
  if (entry) rmSync(inPlace, { recursive: true });
  const relocated = relocatedFolder(dataDir, systemFolder);
  openFolder(systemFolder);
  openFolder(path.dirname(relocated));
  symlinkSync(relocated, inPlace);
  return relocated;
}

/** `<systemFolder>/<name>-<8 hex of the path>/postgres`, named after the checkout (or the data folder). */
function relocatedFolder(dataDir: string, systemFolder: string): string {
  const real = realpathSync(dataDir);
  const base = path.basename(real) === ".data" ? path.basename(path.dirname(real)) : path.basename(real);
  const name = base.replace(/[^A-Za-z0-9._-]/g, "_") || "quire";
  const hash = createHash("sha256").update(real).digest("hex").slice(0, 8);
  return path.join(systemFolder, `${name}-${hash}`, "postgres");
}

/** Deletes a data folder and the relocated database it links to, if any (throwaway folders of tests and benchmarks). */
export function removeDataFolder(dataDir: string, systemFolder = SYSTEM_FOLDER): void {
  const link = path.join(dataDir, "postgres");
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
    const folder = path.dirname(path.resolve(dataDir, readlinkSync(link)));
    // Only a folder this module made: directly under the system folder.
    if (path.dirname(folder) === systemFolder) rmSync(folder, { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Creates the data folder, or says why it cannot be. */
export function makeDataFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new DatabaseStartError(`Cannot create the data folder ${dataDir} (${(error as Error).message}): set QUIRE_DATA_DIR to a folder you can write.`);
  }
}
