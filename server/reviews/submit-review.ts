import { loadChangeRequest } from "../change-requests/access";
import { loadCommentBase } from "../comments/base";
import { commentMarkdown } from "../comments/body";
import { insertComment } from "../comments/post-comment";
import type { BodyFormat } from "../comments/schemas";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { newId } from "../ids";
import { writeSpace } from "../spaces/write-space";
import { peopleOf } from "./people";
import { reviewComments } from "./review-comments";
import { reviewRecord, type ReviewRecord } from "./records";
import type { SubmitReviewInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * Submits a review of a change request at its current revision (`submitChangeRequestReview`):
 * the review role on the space, an active change request, and not one's own. A standing request
 * for the reviewer's review is answered by it (`requestedBy`), and stays listed. Its comment, when
 * it has one, is a comment on the change request itself written by the comments service in the
 * same transaction (`reviewId` set; the review's `commentId` points back). The change request's row
 * is locked, so that reviews and merges of it happen one after the other and the merge's gate sees
 * every review made before it.
 */
export async function submitReview(ctx: ServiceContext, spaceId: string, ref: string, input: SubmitReviewInput, format: BodyFormat = "markdown"): Promise<ReviewRecord> {
  // Converting a JSON document runs in the markdown pool: before the transaction, not under its locks.
  const markdown = input.comment ? await commentMarkdown(input.comment, "comment") : null;
  const { access, review } = await writeSpace(ctx, spaceId, { lock: "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorize(access, "changeRequest.review", access);
    const request = await tx.changeRequestReviewRequest.findUnique({ where: { changeRequestId_userId: { changeRequestId: changeRequest.id, userId: ctx.actor.userId } } });
    const now = new Date();
    const created = await tx.changeRequestReview.create({
      data: {
        id: newId(),
        changeRequestId: changeRequest.id,
        reviewerId: ctx.actor.userId,
        requestedById: request?.requestedById ?? null,
        status: input.status,
        revisionId: changeRequest.revisionId,
        createdAt: now,
        updatedAt: now,
      },
    });
    // The comment points at its review and the review back at it: the review is written first.
    let review = created;
    if (markdown !== null) {
      const base = await loadCommentBase(tx, ctx.actor, spaceId, changeRequest.id);
      authorize({ role: base.role, userId: ctx.actor.userId }, "comment.post");
      const target = { targetPageId: null, targetPageHash: null, targetBlockKey: null, targetPreview: null };
      const comment = await insertComment(tx, events, ctx, base, { markdown, target, revisionId: changeRequest.revisionId, reviewId: created.id });
      review = await tx.changeRequestReview.update({ where: { id: created.id }, data: { commentId: comment.id } });
    }
    events.record({
      organizationId: space.organizationId,
      action: "review.submitted",
      target: { type: "change-request-review", id: review.id, label: `#${changeRequest.number}` },
      payload: { spaceId, changeRequestId: changeRequest.id, reviewId: review.id, status: review.status },
    });
    return { access, review };
  });
  const [people, comments] = await Promise.all([peopleOf(db(), [review.reviewerId, review.requestedById]), reviewComments(db(), ctx, access, [review.commentId], format)]);
  return reviewRecord(review, spaceId, false, people, comments);
}
