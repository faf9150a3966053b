import type { Db } from "../db/client";
import { newId } from "../ids";

/**
 * Revisions store full copies of their pages for now (RevisionPage rows); structurally
 * shared revisions replace this later behind the same functions.
 */

/** The first revision of a new space: one empty "Introduction" page, or no page at all when `empty`. */
export async function createInitialRevision(tx: Db, spaceId: string, options: { empty?: boolean } = {}) {
  return tx.revision.create({
    data: {
      id: newId(),
      spaceId,
      parents: [],
      type: "edits",
      ...(options.empty
        ? {}
        : { pages: { create: [{ pageId: newId(), position: 0, title: "Introduction", slug: "introduction", markdown: "" }] } }),
    },
  });
}

/**
 * A new revision of `targetSpaceId` holding a copy of the pages of `revisionId`. Pages get new
 * ids (the page tree is remapped), so page ids stay unique across spaces.
 */
export async function copyRevisionTo(tx: Db, revisionId: string, targetSpaceId: string) {
  const pages = await tx.revisionPage.findMany({ where: { revisionId } });
  const newIds = new Map(pages.map((page) => [page.pageId, newId()]));
  const revision = await tx.revision.create({ data: { id: newId(), spaceId: targetSpaceId, parents: [], type: "edits" } });
  if (pages.length > 0) {
    await tx.revisionPage.createMany({
      data: pages.map((page) => ({
        ...page,
        revisionId: revision.id,
        pageId: newIds.get(page.pageId)!,
        parentPageId: page.parentPageId === null ? null : (newIds.get(page.parentPageId) ?? null),
      })),
    });
  }
  return revision;
}
