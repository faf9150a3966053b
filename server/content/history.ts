import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { entityIdSchema } from "../ids";
import { loadSpace } from "../policies/access";
import { parseContentKey } from "./revisions";
import { ObjectStore } from "./store/object-store";
import { emptyTrie, trieDiff } from "./store/trie";

export const spaceHistoryParams = z.object({
  /** The revision to start from (a previous answer's `next`); the space's current one when absent. */
  cursor: entityIdSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type SpaceHistoryParams = z.infer<typeof spaceHistoryParams>;

/**
 * A space's history, newest first: the revisions its main content went through, following each
 * revision's first parent from the current one (a merge's second parent is the change request's
 * own line of work, which its entry stands for). Each entry says who made it, which change
 * request it merged, and how many pages it added, edited and removed against its first parent,
 * counted with `trieDiff`, so a page of history costs what its revisions changed. Paged by
 * revision: `next` is the first revision of the following page.
 */
export async function listSpaceHistory(ctx: ServiceContext, spaceId: string, params: SpaceHistoryParams) {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const start = params.cursor ?? space.revisionId;
  if (!start) return { items: [] };
  // The walk is scoped to the space: a cursor naming another space's revision finds nothing.
  const chain = await db().$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH RECURSIVE chain AS (
      SELECT id, parents, 0 AS n FROM revisions WHERE id = ${start} AND space_id = ${space.id}
      UNION ALL
      SELECT r.id, r.parents, chain.n + 1 FROM chain JOIN revisions r ON r.id = chain.parents[1] AND r.space_id = ${space.id}
      WHERE chain.n < ${params.limit}
    )
    SELECT id FROM chain ORDER BY n`);
  const ids = chain.map((row) => row.id);
  const shown = ids.slice(0, params.limit);
  const [revisions, merged] = await Promise.all([
    db().revision.findMany({ where: { id: { in: shown } } }),
    db().changeRequest.findMany({ where: { spaceId: space.id, revisionMergedId: { in: shown } }, select: { number: true, subject: true, revisionMergedId: true } }),
  ]);
  const authors = await db().user.findMany({
    where: { id: { in: [...new Set(revisions.flatMap((revision) => (revision.authorId ? [revision.authorId] : [])))] } },
    select: { id: true, displayName: true },
  });
  const byId = new Map(revisions.map((revision) => [revision.id, revision]));
  const store = new ObjectStore(db(), space.id);
  const parentRoots = new Map(
    (await db().revision.findMany({ where: { id: { in: revisions.flatMap((revision) => revision.parents.slice(0, 1)) } }, select: { id: true, root: true } })).map((row) => [row.id, row.root]),
  );
  const items = await Promise.all(
    shown.map(async (id) => {
      const revision = byId.get(id)!;
      const parentId = revision.parents[0] ?? null;
      const counts = await pageCounts(store, parentId ? (parentRoots.get(parentId) ?? emptyTrie(store)) : emptyTrie(store), revision.root);
      const changeRequest = merged.find((each) => each.revisionMergedId === id);
      return {
        id,
        parentId,
        type: revision.type,
        createdAt: revision.createdAt.toISOString(),
        author: authors.find((user) => user.id === revision.authorId) ?? null,
        changeRequest: changeRequest ? { number: changeRequest.number, subject: changeRequest.subject } : null,
        current: id === space.revisionId,
        ...counts,
      };
    }),
  );
  return { items, ...(ids.length > params.limit ? { next: ids[params.limit]! } : {}) };
}

/** Pages added, edited (or moved) and removed from one trie to another. */
async function pageCounts(store: ObjectStore, from: string, to: string) {
  const counts = { pagesAdded: 0, pagesEdited: 0, pagesRemoved: 0 };
  for (const [key, change] of await trieDiff(store, from, to)) {
    if (parseContentKey(key).kind !== "page") continue;
    if (!change.before) counts.pagesAdded++;
    else if (!change.after) counts.pagesRemoved++;
    else counts.pagesEdited++;
  }
  return counts;
}
