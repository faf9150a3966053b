import type { CommentRecord } from "../comments/records";
import type { ChangeRequestReview, ChangeRequestReviewRequest } from "../db/generated/client";
import type { People, Person } from "./people";

/**
 * What the review services return: rows with the people and facts their answers show. No URL: the
 * edge presents them (server/presenters/review.ts).
 */

/** A review, whether it is outdated, its reviewer and requester (absent when none, or their account is gone), and its comment. */
export type ReviewRecord = ChangeRequestReview & { spaceId: string; outdated: boolean; reviewer: Person; requestedBy?: Person; comment?: CommentRecord };

/** A standing review request, with the user asked and who asked. */
export type RequestedReviewerRecord = ChangeRequestReviewRequest & { user: Person; requestedBy: Person };

/** Someone who edited or commented on a change request: how many times and when last. */
export type ContributorRecord = { user: Person; actionType: "edit" | "comment"; count: number; updatedAt: Date };

/** A review's record from the people and comments loaded for it (and others). */
export function reviewRecord(review: ChangeRequestReview, spaceId: string, outdated: boolean, people: People, comments: Map<string, CommentRecord>): ReviewRecord {
  const requestedBy = review.requestedById ? people.get(review.requestedById) : undefined;
  const comment = review.commentId ? comments.get(review.commentId) : undefined;
  return { ...review, spaceId, outdated, reviewer: people.get(review.reviewerId)!, ...(requestedBy ? { requestedBy } : {}), ...(comment ? { comment } : {}) };
}

/** Review requests' records from the people loaded for them. */
export function requestedReviewerRecords(requests: ChangeRequestReviewRequest[], people: People): RequestedReviewerRecord[] {
  return requests.map((request) => ({ ...request, user: people.get(request.userId)!, requestedBy: people.get(request.requestedById)! }));
}
