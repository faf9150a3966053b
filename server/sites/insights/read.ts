import { readPage } from "../../content/revisions";
import { db } from "../../db/client";
import type { Revision } from "../../db/generated/client";
import type { FeedbackRating } from "./schemas";

/**
 * What the owners of a site see of its readers: views per day, the most read pages, and the
 * readers' feedback. Everything needs the site's `view` (loadSite: another organization's site, or
 * one the caller cannot see, is "not found"). Page titles come from each space's current revision;
 * a page deleted since is named by its id.
 */

export type RatingCounts = Record<FeedbackRating, number> & { total: number };
export type InsightsPage = { spaceId: string; spaceTitle: string | null; pageId: string; title: string | null };

/** Titles of pages by space, read from each space's current revision (one trie path per page). */
export async function pageTitles(organizationId: string, refs: { spaceId: string; pageId: string }[]): Promise<Map<string, InsightsPage>> {
  const spaceIds = [...new Set(refs.map((ref) => ref.spaceId))];
  const spaces = spaceIds.length === 0 ? [] : await db().space.findMany({ where: { id: { in: spaceIds }, organizationId }, select: { id: true, title: true, revisionId: true } });
  const revisionIds = spaces.flatMap((space) => (space.revisionId ? [space.revisionId] : []));
  const revisions = new Map<string, Revision>((await db().revision.findMany({ where: { id: { in: revisionIds } } })).map((revision) => [revision.spaceId, revision]));
  const titles = new Map<string, InsightsPage>();
  for (const ref of refs) {
    const key = `${ref.spaceId}/${ref.pageId}`;
    if (titles.has(key)) continue;
    const space = spaces.find((candidate) => candidate.id === ref.spaceId);
    const revision = revisions.get(ref.spaceId);
    const page = revision ? await readPage(db(), revision, ref.pageId) : null;
    titles.set(key, { spaceId: ref.spaceId, spaceTitle: space?.title ?? null, pageId: ref.pageId, title: page?.title ?? null });
  }
  return titles;
}
