import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { currentRevision, inReadingOrder, readPages } from "../content/revisions";
import { loadSpace } from "../policies/access";

export type SpacePageSummary = { id: string; title: string; emoji: string | null; slug: string; depth: number; hidden: boolean };

/**
 * Titles of the pages in the space's current revision, in reading order, each with its
 * depth in the page tree. Loaded through loadSpace, so a space the
 * caller cannot see is not found.
 */
export async function getSpacePages(ctx: ServiceContext, spaceId: string): Promise<{ revision: string | null; pages: SpacePageSummary[] }> {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  if (!space.revisionId) return { revision: null, pages: [] };
  const pages = inReadingOrder(await readPages(db(), await currentRevision(db(), space)));
  return {
    revision: space.revisionId,
    pages: pages.map((page) => ({ id: page.id, title: page.title, emoji: page.emoji ?? null, slug: page.slug, depth: page.depth, hidden: page.hidden ?? false })),
  };
}
