import { loadChangeRequest, type ChangeRequestAccess } from "../change-requests/access";
import type { BodyFormat } from "../comments/schemas";
import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { ChangeRequestReview, Prisma } from "../db/generated/client";
import { fieldError, notFound } from "../errors";
import { decodeKeysetCursor, encodeKeysetCursor, paginateModel, type ListParams } from "../pagination";
import { loadSpace } from "../policies/access";
import { isOutdated, latestReviews } from "./latest-reviews";
import { mergeStatusOf } from "./merge-rules";
import { peopleOf, type Person } from "./people";
import { requestedReviewerRecords, reviewRecord, type ContributorRecord, type ReviewRecord } from "./records";
import { reviewComments } from "./review-comments";
import type { ListReviewsParams } from "./schemas";
import { findSpacePeople } from "../members/space-people";

/** The records of reviews of one change request, each with whether it is outdated, and its comment in `format`. */
async function reviewRecords(tx: Db, ctx: ServiceContext, access: ChangeRequestAccess, reviews: ChangeRequestReview[], latestIds: Set<string>, format: BodyFormat): Promise<ReviewRecord[]> {
  const [people, comments] = await Promise.all([
    peopleOf(tx, reviews.flatMap((review) => [review.reviewerId, review.requestedById])),
    reviewComments(tx, ctx, access, reviews.map((review) => review.commentId), format),
  ]);
  return reviews.map((review) => reviewRecord(review, access.space.id, isOutdated(review, access.changeRequest, latestIds), people, comments));
}

/** A change request's reviews, oldest first (`getReviewsByChangeRequestId`); `outdated` keeps the outdated ones, or the others. */
export async function listReviews(ctx: ServiceContext, spaceId: string, ref: string, params: ListReviewsParams) {
  const tx = db();
  const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref);
  const { changeRequest } = access;
  const latestIds = new Set((await latestReviews(tx, changeRequest.id)).map((review) => review.id));
  const current: Prisma.ChangeRequestReviewWhereInput = { id: { in: [...latestIds] }, revisionId: changeRequest.revisionId };
  const where: Prisma.ChangeRequestReviewWhereInput = {
    changeRequestId: changeRequest.id,
    ...(params.outdated === undefined ? {} : params.outdated ? { NOT: current } : current),
  };
  const page = await paginateModel(params, tx.changeRequestReview, where);
  return { ...page, items: await reviewRecords(tx, ctx, access, page.items, latestIds, params.format) };
}

export async function getReview(ctx: ServiceContext, spaceId: string, ref: string, reviewId: string, format: BodyFormat) {
  const tx = db();
  const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref);
  const review = await tx.changeRequestReview.findFirst({ where: { id: reviewId, changeRequestId: access.changeRequest.id } });
  if (!review) throw notFound(`No review ${reviewId} of change request ${ref}.`);
  const latestIds = new Set((await latestReviews(tx, access.changeRequest.id)).map((latest) => latest.id));
  return (await reviewRecords(tx, ctx, access, [review], latestIds, format))[0]!;
}

/** The users asked to review a change request, in the order they were asked (`getRequestedReviewersByChangeRequestId`). */
export async function listRequestedReviewers(ctx: ServiceContext, spaceId: string, ref: string, params: ListParams) {
  const tx = db();
  const { changeRequest } = await loadChangeRequest(tx, ctx.actor, spaceId, ref);
  const after = decodeKeysetCursor(params.page);
  const afterTime = new Date(after?.value ?? 0);
  if (Number.isNaN(afterTime.getTime())) throw fieldError("page", "Not a valid page cursor");
  const where: Prisma.ChangeRequestReviewRequestWhereInput = { changeRequestId: changeRequest.id };
  const [rows, count] = await Promise.all([
    tx.changeRequestReviewRequest.findMany({
      where: after
        ? { ...where, OR: [{ createdAt: { gt: afterTime } }, { createdAt: afterTime, userId: { gt: after.id } }] }
        : where,
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      take: params.limit + 1,
    }),
    tx.changeRequestReviewRequest.count({ where }),
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  const people = await peopleOf(tx, items.flatMap((request) => [request.userId, request.requestedById]));
  return {
    items: requestedReviewerRecords(items, people),
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeKeysetCursor(last.createdAt.toISOString(), last.userId) } } : {}),
  };
}

/**
 * Who contributed to a change request (`getContributorsByChangeRequestId`): one entry per user
 * and kind — `edit` for the revisions they made in it, `comment` for their comments and replies
 * on it — with how many and when last, most recent first. Bounded by the organization's size.
 */
export async function listContributors(ctx: ServiceContext, spaceId: string, ref: string) {
  const tx = db();
  const { changeRequest } = await loadChangeRequest(tx, ctx.actor, spaceId, ref);
  const rows = await tx.$queryRaw<{ userId: string; actionType: "edit" | "comment"; count: number; updatedAt: Date }[]>`
    SELECT user_id AS "userId", action_type AS "actionType", count(*)::int AS count, max(at) AS "updatedAt" FROM (
      SELECT author_id AS user_id, 'edit' AS action_type, created_at AS at FROM revisions
        WHERE change_request_id = ${changeRequest.id} AND author_id IS NOT NULL
      UNION ALL
      SELECT author_id, 'comment', posted_at FROM comments WHERE change_request_id = ${changeRequest.id}
      UNION ALL
      SELECT r.author_id, 'comment', r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id
        WHERE c.change_request_id = ${changeRequest.id}
    ) contributions
    GROUP BY user_id, action_type
    ORDER BY max(at) DESC, user_id, action_type`;
  const people = await peopleOf(tx, rows.map((row) => row.userId));
  const items: ContributorRecord[] = rows.filter((row) => people.has(row.userId)).map((row) => ({ user: people.get(row.userId)!, ...row }));
  return { items, count: items.length };
}

/** Where a change request stands with its merge rules (the merge's own gate decides the same way). */
export async function getMergeStatus(ctx: ServiceContext, spaceId: string, ref: string) {
  const tx = db();
  return mergeStatusOf(tx, await loadChangeRequest(tx, ctx.actor, spaceId, ref));
}

/** Members matching `query` (name or email) who may review the space: whom a review can be asked of. */
export async function reviewCandidates(ctx: ServiceContext, spaceId: string, query: string): Promise<Person[]> {
  const tx = db();
  const { space } = await loadSpace(tx, ctx.actor, spaceId);
  return findSpacePeople(tx, space, query, "review");
}
