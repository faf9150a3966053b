import { statfsSync } from "node:fs";

/**
 * A failure to start the embedded PostgreSQL that its message fully explains (what is wrong, what to
 * do): entry points print the message alone, since a stack trace would only bury it.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

const MB = 1024 * 1024;

/** Fails with the disk-full message unless the file system holding `dir` has `neededBytes` free. */
export function ensureFreeSpace(dir: string, neededBytes: number): void {
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < neededBytes) throw diskFull(dir, `${Math.floor(free / MB)} MB free, PostgreSQL needs ${Math.ceil(neededBytes / MB)} MB`);
}

export function diskFull(dir: string, detail: string): DatabaseStartError {
  return new DatabaseStartError(`The disk holding ${dir} is full (${detail}): free some space, then start again.`);
}

/** True when a file operation failed because the disk is full. */
export function isDiskFull(error: unknown): boolean {
  return (error as { code?: string }).code === "ENOSPC";
}
