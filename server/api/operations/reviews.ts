import { listParams } from "../../pagination";
import { getReview, listContributors, listRequestedReviewers, listReviews } from "../../reviews/queries";
import { removeRequestedReviewer } from "../../reviews/remove-requested-reviewer";
import { requestReviewers } from "../../reviews/request-reviewers";
import { formatQuery } from "../../comments/schemas";
import { listReviewsParams, requestReviewersInput, submitReviewInput } from "../../reviews/schemas";
import { submitReview } from "../../reviews/submit-review";
import { defineOperation } from "../operation";
import { changeRequestPath, entityId } from "../path-params";

const base = "/v1/spaces/{spaceId}/change-requests/{changeRequestId}";

/** A change request's reviews, review requests and contributors. */
export const reviewOperations = [
  defineOperation({
    operationId: "getReviewsByChangeRequestId",
    method: "GET",
    path: `${base}/reviews`,
    params: changeRequestPath,
    query: listReviewsParams,
    handler: (c) => listReviews(c, c.params.spaceId, c.params.changeRequestId, c.query),
  }),
  defineOperation({
    operationId: "submitChangeRequestReview",
    method: "POST",
    path: `${base}/reviews`,
    params: changeRequestPath,
    body: submitReviewInput,
    status: 201,
    handler: (c) => submitReview(c, c.params.spaceId, c.params.changeRequestId, c.body),
  }),
  defineOperation({
    operationId: "getChangeRequestReviewById",
    method: "GET",
    path: `${base}/reviews/{reviewId}`,
    params: changeRequestPath.extend({ reviewId: entityId }),
    query: formatQuery,
    handler: (c) => getReview(c, c.params.spaceId, c.params.changeRequestId, c.params.reviewId, c.query.format),
  }),
  defineOperation({
    operationId: "getRequestedReviewersByChangeRequestId",
    method: "GET",
    path: `${base}/requested-reviewers`,
    params: changeRequestPath,
    query: listParams,
    handler: (c) => listRequestedReviewers(c, c.params.spaceId, c.params.changeRequestId, c.query),
  }),
  defineOperation({
    operationId: "requestReviewersForChangeRequest",
    method: "POST",
    path: `${base}/requested-reviewers`,
    params: changeRequestPath,
    body: requestReviewersInput,
    handler: (c) => requestReviewers(c, c.params.spaceId, c.params.changeRequestId, c.body),
  }),
  defineOperation({
    operationId: "removeRequestedReviewerFromChangeRequest",
    method: "DELETE",
    path: `${base}/requested-reviewers/{userId}`,
    params: changeRequestPath.extend({ userId: entityId }),
    // 204 whether or not the user had been asked (the reference's 205 for "removed" is folded in: the outcome is the same).
    status: 204,
    handler: (c) => removeRequestedReviewer(c, c.params.spaceId, c.params.changeRequestId, c.params.userId),
  }),
  defineOperation({
    operationId: "getContributorsByChangeRequestId",
    method: "GET",
    path: `${base}/contributors`,
    params: changeRequestPath,
    handler: (c) => listContributors(c, c.params.spaceId, c.params.changeRequestId),
  }),
];
