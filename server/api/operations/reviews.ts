import { listParams } from "../../pagination";
import { getReview, listContributors, listRequestedReviewers, listReviews } from "../../reviews/queries";
import { removeRequestedReviewer } from "../../reviews/remove-requested-reviewer";
import { requestReviewers } from "../../reviews/request-reviewers";
import { formatQuery } from "../../comments/schemas";
import { listReviewsParams, requestReviewersInput, submitReviewInput } from "../../reviews/schemas";
import { submitReview } from "../../reviews/submit-review";
import { presentContributor, presentRequestedReviewer, presentReview } from "../../presenters/review";
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
    handler: async (c) => {
      const page = await listReviews(c, c.params.spaceId, c.params.changeRequestId, c.query);
      return { ...page, items: page.items.map((review) => presentReview(review, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "submitChangeRequestReview",
    method: "POST",
    path: `${base}/reviews`,
    params: changeRequestPath,
    body: submitReviewInput,
    status: 201,
    handler: async (c) => presentReview(await submitReview(c, c.params.spaceId, c.params.changeRequestId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getChangeRequestReviewById",
    method: "GET",
    path: `${base}/reviews/{reviewId}`,
    params: changeRequestPath.extend({ reviewId: entityId }),
    query: formatQuery,
    handler: async (c) => presentReview(await getReview(c, c.params.spaceId, c.params.changeRequestId, c.params.reviewId, c.query.format), c.urls),
  }),
  defineOperation({
    operationId: "getRequestedReviewersByChangeRequestId",
    method: "GET",
    path: `${base}/requested-reviewers`,
    params: changeRequestPath,
    query: listParams,
    handler: async (c) => {
      const page = await listRequestedReviewers(c, c.params.spaceId, c.params.changeRequestId, c.query);
      return { ...page, items: page.items.map((request) => presentRequestedReviewer(request, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "requestReviewersForChangeRequest",
    method: "POST",
    path: `${base}/requested-reviewers`,
    params: changeRequestPath,
    body: requestReviewersInput,
    handler: async (c) => {
      const requested = await requestReviewers(c, c.params.spaceId, c.params.changeRequestId, c.body);
      return { users: requested.users.map((request) => presentRequestedReviewer(request, c.urls)) };
    },
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
    handler: async (c) => {
      const contributors = await listContributors(c, c.params.spaceId, c.params.changeRequestId);
      return { ...contributors, items: contributors.items.map((contributor) => presentContributor(contributor, c.urls)) };
    },
  }),
];
