import type { Db } from "../db/client";

export type LatestReview = { id: string; reviewerId: string; reviewerName: string; status: string; revisionId: string };

/**
 * Each reviewer's latest review of a change request: the one that speaks for them (their earlier
 * ones are outdated). One row per reviewer, so bounded by the organization's size however many
 * reviews were submitted.
 */
export async function latestReviews(tx: Db, changeRequestId: string): Promise<LatestReview[]> {
  return tx.$queryRaw<LatestReview[]>`
    SELECT DISTINCT ON (r.reviewer_id) r.id, r.reviewer_id AS "reviewerId", u.display_name AS "reviewerName", r.status, r.revision_id AS "revisionId"
    FROM change_request_reviews r JOIN users u ON u.id = r.reviewer_id
    WHERE r.change_request_id = ${changeRequestId}
    ORDER BY r.reviewer_id, r.created_at DESC, r.id DESC`;
}

/** Whether a review is outdated: the change request moved on since, or its reviewer reviewed again. */
export function isOutdated(review: { id: string; revisionId: string }, changeRequest: { revisionId: string }, latestIds: Set<string>): boolean {
  return review.revisionId !== changeRequest.revisionId || !latestIds.has(review.id);
}
