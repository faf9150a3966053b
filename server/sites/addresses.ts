import type { Db } from "../db/client";
import { fieldError } from "../errors";
import { BASENAME_MAX_LENGTH, basenameFromTitle } from "./urls";

/**
 * A site's basename and custom hostname are unique across the instance (unique indexes hold it).
 * Writers that choose one first take this lock, so that the check and the write see the same
 * sites and a taken one is a 409 naming the field, never a failed insert.
 */
export async function lockSiteAddresses(tx: Db): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('quire:site-addresses'))`;
}

/** 409 when another site already has `basename`. */
export async function assertBasenameFree(tx: Db, basename: string, siteId: string): Promise<void> {
  const taken = await tx.site.findFirst({ where: { basename, id: { not: siteId } }, select: { id: true } });
  if (taken) throw fieldError("basename", `'${basename}' is already the basename of another site.`, { code: "conflict", details: { basename } });
}

/** 409 when another site already has `hostname` (which site is not said: it may be another organization's). */
export async function assertHostnameFree(tx: Db, hostname: string, siteId: string): Promise<void> {
  const taken = await tx.site.findFirst({ where: { hostname, id: { not: siteId } }, select: { id: true } });
  if (taken) throw fieldError("hostname", `'${hostname}' is already used by another site.`, { code: "conflict", details: { hostname } });
}

/** A basename for a new site: from its title, with `-2`, `-3`… when taken. Call under `lockSiteAddresses`. */
export async function freeBasename(tx: Db, title: string): Promise<string> {
  const base = basenameFromTitle(title);
  const rows = await tx.site.findMany({ where: { basename: { startsWith: base } }, select: { basename: true } });
  const taken = new Set(rows.map((row) => row.basename));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, BASENAME_MAX_LENGTH - `-${n}`.length)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
