import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { fieldError } from "../../errors";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../pagination";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { pageTitles } from "./read";
import type { FeedbackRating } from "./schemas";

const FEEDBACK_PAGE_SIZE = 20;

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
