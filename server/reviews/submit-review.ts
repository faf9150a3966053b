import { loadChangeRequest } from "../change-requests/access";
import type { ServiceContext } from "../context";
import { newId } from "../ids";
import { authorizeChangeRequest } from "../policies/change-request";
import { presentReview } from "../presenters/review";
import { writeSpace } from "../spaces/write-space";
import { peopleOf } from "./people";
import type { SubmitReviewInput } from "./schemas";

/**
 * Submits a review of a change request at its current revision (`submitChangeRequestReview`):
 * the review role on the space, an active change request, and not one's own. A standing request
 * for the reviewer's review is answered by it (`requestedBy`), and stays listed. The change
 * request's row is locked, so that reviews and merges of it happen one after the other and the
 * merge's gate sees every review made before it.
 */
export async function submitReview(ctx: ServiceContext, spaceId: string, ref: string, input: SubmitReviewInput) {
  return writeSpace(ctx, spaceId, { lock: "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorizeChangeRequest("review", access);
    const request = await tx.changeRequestReviewRequest.findUnique({ where: { changeRequestId_userId: { changeRequestId: changeRequest.id, userId: ctx.actor.userId } } });
    const now = new Date();
    const review = await tx.changeRequestReview.create({
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
    events.record({
      organizationId: space.organizationId,
      action: "review.submitted",
      target: { type: "change-request-review", id: review.id, label: `#${changeRequest.number}` },
      payload: { spaceId, changeRequestId: changeRequest.id, reviewId: review.id, status: review.status },
    });
    const people = await peopleOf(tx, [review.reviewerId, review.requestedById]);
    return presentReview(review, { spaceId, outdated: false, people, baseUrl: ctx.baseUrl });
  });
}
