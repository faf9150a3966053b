import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { getMergeStatus, listRequestedReviewers, listReviews, reviewCandidates } from "../../reviews/queries";
import { removeRequestedReviewer } from "../../reviews/remove-requested-reviewer";
import { requestReviewers } from "../../reviews/request-reviewers";
import { changeRequestRefInput, markdownBody } from "../../comments/schemas";
import { requestReviewersInput, reviewMarkdownSchema, reviewStatusSchema } from "../../reviews/schemas";
import { submitReview } from "../../reviews/submit-review";
import { presentRequestedReviewer, presentReview } from "../../presenters/review";
import { presentUser } from "../../presenters/user";
import { protectedProcedure, router } from "../init";

// The change request by id or number (a number may come as one), as the comments procedures take it.
const changeRequestInput = z.object({ spaceId: entityIdSchema, changeRequest: changeRequestRefInput.unwrap() });
/** The review screen shows every review and request at once: far more than any change request gathers. */
const ALL = { limit: 1000 } as const;

/** The review screen: reviews, requested reviewers and the merge rules' status, as /v1 presents them. */
export const reviewsRouter = router({
  list: protectedProcedure
    .input(changeRequestInput)
    .query(async ({ ctx, input }) => (await listReviews(ctx, input.spaceId, input.changeRequest, { ...ALL, format: "markdown" })).items.map((review) => presentReview(review, ctx.urls))),
  // A blank comment is none: the screen's text box may be left empty.
  submit: protectedProcedure
    .input(changeRequestInput.extend({ status: reviewStatusSchema, markdown: reviewMarkdownSchema }))
    .mutation(async ({ ctx, input }) =>
      presentReview(await submitReview(ctx, input.spaceId, input.changeRequest, { status: input.status, comment: input.markdown?.trim() ? markdownBody(input.markdown) : undefined }), ctx.urls),
    ),
  requested: protectedProcedure
    .input(changeRequestInput)
    .query(async ({ ctx, input }) => (await listRequestedReviewers(ctx, input.spaceId, input.changeRequest, ALL)).items.map((request) => presentRequestedReviewer(request, ctx.urls))),
  request: protectedProcedure
    .input(changeRequestInput.extend(requestReviewersInput.shape))
    .mutation(async ({ ctx, input: { spaceId, changeRequest, ...body } }) => {
      const requested = await requestReviewers(ctx, spaceId, changeRequest, body);
      return { users: requested.users.map((request) => presentRequestedReviewer(request, ctx.urls)) };
    }),
  removeRequest: protectedProcedure
    .input(changeRequestInput.extend({ userId: entityIdSchema }))
    .mutation(({ ctx, input }) => removeRequestedReviewer(ctx, input.spaceId, input.changeRequest, input.userId)),
  candidates: protectedProcedure
    .input(z.object({ spaceId: entityIdSchema, query: z.string().max(100) }))
    .query(async ({ ctx, input }) => (await reviewCandidates(ctx, input.spaceId, input.query)).map((user) => presentUser(user, ctx.urls))),
  mergeStatus: protectedProcedure.input(changeRequestInput).query(({ ctx, input }) => getMergeStatus(ctx, input.spaceId, input.changeRequest)),
});
