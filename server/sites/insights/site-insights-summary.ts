import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { pageTitles, type RatingCounts } from "./read";
import { FEEDBACK_RATINGS, type FeedbackRating } from "./schemas";

const TOP_PAGES = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function emptyCounts(): RatingCounts {
  return { bad: 0, ok: 0, good: 0, total: 0 };
}

function addCount(counts: RatingCounts, rating: string, count: number) {
  if ((FEEDBACK_RATINGS as readonly string[]).includes(rating)) counts[rating as FeedbackRating] += count;
  counts.total += count;
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
