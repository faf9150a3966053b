import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { openRevision } from "../content/reads";
import { inReadingOrder, readPages } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { currentRevisionOf } from "../content/store/shared-content";
import type { Revision } from "../db/generated/client";
import { loadSpace } from "../policies/access";

export type SpacePageSummary = { id: string; title: string; emoji: string | null; slug: string; depth: number; hidden: boolean };

/**
 * Titles of the pages in the space's current revision (or, given `revisionId`, in that revision
 * of the space: the history's reader), in reading order, each with its depth in the page tree.
 * Loaded through loadSpace, so a space the caller cannot see is not found.
 */
export async function getSpacePages(ctx: ServiceContext, spaceId: string, revisionId?: string): Promise<{ revision: string | null; pages: SpacePageSummary[] }> {
  let revision: Revision;
  if (revisionId) revision = (await openRevision(ctx, spaceId, { kind: "revision", revisionId })).revision;
  else {
    const { space } = await loadSpace(db(), ctx.actor, spaceId);
    if (!space.revisionId) return { revision: null, pages: [] };
    revision = await currentRevisionOf(space);
  }
  const pages = inReadingOrder(await readPages(ObjectStore.reading(revision.spaceId), revision));
  return {
    revision: revision.id,
    pages: pages.map((page) => ({ id: page.id, title: page.title, emoji: page.emoji ?? null, slug: page.slug, depth: page.depth, hidden: page.hidden ?? false })),
  };
}
