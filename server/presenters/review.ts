import type { Urls } from "../http/urls";
import type { ContributorRecord, RequestedReviewerRecord, ReviewRecord } from "../reviews/records";
import { presentComment } from "./comment";
import { presentUser } from "./user";

/** A review as the API shows it (ChangeRequestReview), with its comment presented. */
export function presentReview(review: ReviewRecord, urls: Urls) {
  return {
    object: "change-request-review" as const,
    id: review.id,
    revision: review.revisionId,
    reviewer: presentUser(review.reviewer, urls),
    ...(review.requestedBy ? { requestedBy: presentUser(review.requestedBy, urls) } : {}),
    status: review.status as "approved" | "changes-requested",
    outdated: review.outdated,
    ...(review.comment ? { comment: presentComment(review.comment, urls) } : {}),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    urls: { location: urls.review(review, review.spaceId) },
  };
}

/** A standing review request (ChangeRequestRequestedReviewer, of kind `user`). */
export function presentRequestedReviewer(request: RequestedReviewerRecord, urls: Urls) {
  return {
    object: "change-request-requested-reviewer" as const,
    kind: "user" as const,
    user: presentUser(request.user, urls),
    revision: request.revisionId,
    requestedBy: presentUser(request.requestedBy, urls),
    createdAt: request.createdAt.toISOString(),
  };
}

/** Someone who edited or commented on a change request (ChangeRequestUserContributor). */
export function presentContributor(contributor: ContributorRecord, urls: Urls) {
  return { user: presentUser(contributor.user, urls), actionType: contributor.actionType, count: contributor.count, updatedAt: contributor.updatedAt.toISOString() };
}
