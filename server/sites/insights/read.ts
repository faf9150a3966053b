import { readPage } from "../../content/revisions";
import type { Revision } from "../../db/generated/client";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { fieldError } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../pagination";
import { loadSite } from "../../policies/site";
import { FEEDBACK_RATINGS, type FeedbackRating } from "./schemas";
import { authorize } from "../../policies/authorize";

/**
 * What the owners of a site see of its readers: views per day, the most read pages, and the
 * readers' feedback. Everything needs the site's `view` (loadSite: another organization's site, or
 * one the caller cannot see, is "not found"). Page titles come from each space's current revision;
 * a page deleted since is named by its id.
 */

const TOP_PAGES = 10;
const FEEDBACK_PAGE_SIZE = 20;

export type RatingCounts = Record<FeedbackRating, number> & { total: number };
export type InsightsPage = { spaceId: string; spaceTitle: string | null; pageId: string; title: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function emptyCounts(): RatingCounts {
  return { bad: 0, ok: 0, good: 0, total: 0 };
}

function addCount(counts: RatingCounts, rating: string, count: number) {
  if ((FEEDBACK_RATINGS as readonly string[]).includes(rating)) counts[rating as FeedbackRating] += count;
  counts.total += count;
}

/** Titles of pages by space, read from each space's current revision (one trie path per page). */
async function pageTitles(organizationId: string, refs: { spaceId: string; pageId: string }[]): Promise<Map<string, InsightsPage>> {
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

/** Views per UTC day over the last `days` days (today included, days without views as 0), the top pages, and feedback counts. */
export async function siteInsightsSummary(ctx: ServiceContext, organizationId: string, siteId: string, { days }: { days: number }) {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  const today = new Date(`${isoDay(new Date())}T00:00:00Z`);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);

  const [daily, top, ratings, byPage] = await Promise.all([
    db().$queryRaw<{ day: Date; views: number }[]>`
      SELECT day, sum(views)::int AS views FROM site_page_views WHERE site_id = ${siteId} AND day >= ${from}::date GROUP BY day`,
    db().$queryRaw<{ space_id: string; page_id: string; views: number }[]>`
      SELECT space_id, page_id, sum(views)::int AS views FROM site_page_views WHERE site_id = ${siteId} AND day >= ${from}::date
      GROUP BY space_id, page_id ORDER BY views DESC, page_id LIMIT ${TOP_PAGES}`,
    db().$queryRaw<{ rating: string; count: number }[]>`
      SELECT rating, count(*)::int AS count FROM site_page_feedback WHERE site_id = ${siteId} GROUP BY rating`,
    // The pages with the most feedback, with their counts per rating.
    db().$queryRaw<{ space_id: string; page_id: string; bad: number; ok: number; good: number; total: number }[]>`
      SELECT space_id, page_id,
             count(*) FILTER (WHERE rating = 'bad')::int AS bad, count(*) FILTER (WHERE rating = 'ok')::int AS ok,
             count(*) FILTER (WHERE rating = 'good')::int AS good, count(*)::int AS total
      FROM site_page_feedback WHERE site_id = ${siteId} GROUP BY space_id, page_id ORDER BY total DESC, page_id LIMIT ${TOP_PAGES}`,
  ]);

  const viewsByDay = new Map(daily.map((row) => [isoDay(row.day), row.views]));
  const series = Array.from({ length: days }, (_, index) => {
    const day = isoDay(new Date(from.getTime() + index * DAY_MS));
    return { day, views: viewsByDay.get(day) ?? 0 };
  });
  const refs = [...top, ...byPage].map((row) => ({ spaceId: row.space_id, pageId: row.page_id }));
  const titles = await pageTitles(organizationId, refs);
  const feedback = emptyCounts();
  for (const row of ratings) addCount(feedback, row.rating, row.count);

  return {
    siteId,
    days,
    from: isoDay(from),
    to: isoDay(today),
    totalViews: series.reduce((sum, day) => sum + day.views, 0),
    daily: series,
    topPages: top.map((row) => ({ ...titles.get(`${row.space_id}/${row.page_id}`)!, views: row.views })),
    feedback,
    feedbackByPage: byPage.map((row) => ({ ...titles.get(`${row.space_id}/${row.page_id}`)!, bad: row.bad, ok: row.ok, good: row.good, total: row.total })),
  };
}

/** The readers' feedback, newest first, FEEDBACK_PAGE_SIZE at a time (`cursor`: the previous page's `next`). */
export async function listSiteFeedback(ctx: ServiceContext, organizationId: string, siteId: string, { cursor }: { cursor?: string }) {
  const access = await loadSite(db(), ctx.actor, organizationId, siteId);
  authorize(access, "site.view");
  const after = decodeKeysetCursor(cursor);
  const afterDate = after?.value ? new Date(after.value) : null;
  if (after && (!afterDate || Number.isNaN(afterDate.getTime()))) throw fieldError("cursor", "Not a valid page cursor");
  const rows = await db().sitePageFeedback.findMany({
    where: { siteId, ...(after && afterDate ? { OR: [{ createdAt: { lt: afterDate } }, { createdAt: afterDate, id: { lt: after.id } }] } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: FEEDBACK_PAGE_SIZE + 1,
  });
  const items = rows.slice(0, FEEDBACK_PAGE_SIZE);
  const titles = await pageTitles(organizationId, items);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      rating: row.rating as FeedbackRating,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      page: titles.get(`${row.spaceId}/${row.pageId}`)!,
    })),
    next: rows.length > FEEDBACK_PAGE_SIZE && last ? encodeKeysetCursor(last.createdAt.toISOString(), last.id) : null,
  };
}
