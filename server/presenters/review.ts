import type { ChangeRequestReview, ChangeRequestReviewRequest, User } from "../db/generated/client";
import type { CommentObject } from "./comment";
import { apiUrl } from "./urls";
import { presentUser } from "./user";

export type People = Map<string, Pick<User, "id" | "displayName" | "email" | "photoURL">>;

const reviewsPath = (spaceId: string, changeRequestId: string) => `/spaces/${spaceId}/change-requests/${changeRequestId}/reviews`;

/** A review as the API shows it (ChangeRequestReview); `people` holds its reviewer and requester, `comment` is its comment presented. */
export function presentReview(review: ChangeRequestReview, context: { spaceId: string; outdated: boolean; people: People; comment?: CommentObject; baseUrl: string }) {
  const { people, baseUrl } = context;
  const requestedBy = review.requestedById ? people.get(review.requestedById) : undefined;
  return {
    object: "change-request-review" as const,
    id: review.id,
    revision: review.revisionId,
    reviewer: presentUser(people.get(review.reviewerId)!, baseUrl),
    ...(requestedBy ? { requestedBy: presentUser(requestedBy, baseUrl) } : {}),
    status: review.status as "approved" | "changes-requested",
    outdated: context.outdated,
    ...(context.comment ? { comment: context.comment } : {}),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    urls: { location: apiUrl(baseUrl, `${reviewsPath(context.spaceId, review.changeRequestId)}/${review.id}`) },
  };
}

/** A standing review request (ChangeRequestRequestedReviewer, of kind `user`). */
export function presentRequestedReviewer(request: ChangeRequestReviewRequest, people: People, baseUrl: string) {
  return {
    object: "change-request-requested-reviewer" as const,
    kind: "user" as const,
    user: presentUser(people.get(request.userId)!, baseUrl),
    revision: request.revisionId,
    requestedBy: presentUser(people.get(request.requestedById)!, baseUrl),
    createdAt: request.createdAt.toISOString(),
  };
}

/** Someone who edited or commented on a change request (ChangeRequestUserContributor). */
export function presentContributor(contributor: { actionType: "edit" | "comment"; count: number; updatedAt: Date }, user: Pick<User, "id" | "displayName" | "email" | "photoURL">, baseUrl: string) {
  return { user: presentUser(user, baseUrl), actionType: contributor.actionType, count: contributor.count, updatedAt: contributor.updatedAt.toISOString() };
}
