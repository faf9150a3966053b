import { budgetMb, ByteLru } from "../../cache/byte-lru";
import { db } from "../../db/client";
import type { Revision } from "../../db/generated/client";

/**
 * What every read of this process shares of the spaces' content: content objects and markdown
 * bodies, keyed by space and hash (content-addressed: what a hash names never changes), and
 * revision rows by id (a revision is never rewritten; a new one is recorded instead). So nothing
 * here is ever invalidated, and nothing depends on who reads: every read opens the space through
 * its access check first (server/content/reads.ts), so a reader who lost access is refused before
 * the cache is looked at. Nothing is shared between app servers: each reads what it misses.
 * Entries are frozen, since every later read gets the same value.
 */
const globalContent = globalThis as unknown as { quireSharedContent?: ByteLru<unknown> };

export function sharedContent(): ByteLru<unknown> {
  globalContent.quireSharedContent ??= new ByteLru<unknown>(budgetMb("QUIRE_CONTENT_CACHE_MB", 64), (value) =>
    // UTF-16 in memory; a revision row's Date serializes too.
    typeof value === "string" ? value.length * 2 : JSON.stringify(value).length * 2 + 100,
  );
  return globalContent.quireSharedContent;
}

/** `value`, and everything it holds, made read-only. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A revision by id, from this process's cache or one query; null when there is none. */
export async function revisionById(revisionId: string): Promise<Revision | null> {
  const key = `r:${revisionId}`;
  const cached = sharedContent().get(key) as Revision | undefined;
  if (cached) return cached;
  const revision = await db().revision.findUnique({ where: { id: revisionId } });
  if (revision) sharedContent().set(key, deepFreeze(revision));
  return revision;
}

/** A space's current revision (an error for a space without one: callers check `revisionId` first), through the cache. */
export async function currentRevisionOf(space: { id: string; revisionId: string | null }): Promise<Revision> {
  const revision = space.revisionId ? await revisionById(space.revisionId) : null;
  if (!revision) throw new Error(`Space ${space.id} has no revision ${space.revisionId ?? ""}`);
  return revision;
}
