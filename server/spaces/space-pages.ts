import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";

export type SpacePageSummary = { id: string; title: string; emoji: string | null; slug: string; depth: number };

/**
 * Titles of the pages in the space's current revision, in reading order (depth-first by
 * position), each with its depth in the page tree. Loaded through loadSpace, so a space the
 * caller cannot see is not found.
 */
export async function getSpacePages(ctx: ServiceContext, spaceId: string): Promise<{ revision: string | null; pages: SpacePageSummary[] }> {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  if (!space.revisionId) return { revision: null, pages: [] };
  const rows = await db().revisionPage.findMany({
    where: { revisionId: space.revisionId },
    select: { pageId: true, parentPageId: true, position: true, title: true, slug: true, emoji: true },
    orderBy: [{ position: "asc" }, { pageId: "asc" }],
  });
  const children = new Map<string | null, typeof rows>();
  const ids = new Set(rows.map((row) => row.pageId));
  for (const row of rows) {
    // A page whose parent is missing from the revision is shown at the top level rather than lost.
    const parent = row.parentPageId !== null && ids.has(row.parentPageId) ? row.parentPageId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(row);
    else children.set(parent, [row]);
  }
  const pages: SpacePageSummary[] = [];
  const visited = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      visited.add(row.pageId);
      pages.push({ id: row.pageId, title: row.title, emoji: row.emoji, slug: row.slug, depth });
      walk(row.pageId, depth + 1);
    }
  };
  walk(null, 0);
  // Pages caught in a cycle of parent links are never reached from the top: list them at the end.
  for (const row of rows) if (!visited.has(row.pageId)) pages.push({ id: row.pageId, title: row.title, emoji: row.emoji, slug: row.slug, depth: 0 });
  return { revision: space.revisionId, pages };
}
