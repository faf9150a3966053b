import { deleteComment } from "../../comments/delete-comment";
import { postComment } from "../../comments/post-comment";
import { getComment, listComments, listReplies, mentionable } from "../../comments/queries";
import { deleteReply } from "../../comments/delete-reply";
import { postReply } from "../../comments/post-reply";
import { updateReply } from "../../comments/update-reply";
import { markdownBody, trpcInputs } from "../../comments/schemas";
import { updateComment } from "../../comments/update-comment";
import { protectedProcedure, router } from "../init";

/** A thread's replies all at once: the discussion panel shows a whole thread. */
const REPLIES_PAGE = 200;
const COMMENTS_PAGE = 50;

/**
 * The discussion panel: comments and replies of a space (`changeRequest` absent) or a change
 * request, as /v1 presents them; each procedure is one service call.
 */
export const commentsRouter = router({
  list: protectedProcedure.input(trpcInputs.list).query(({ ctx, input }) =>
    listComments(ctx, input, {
      status: input.status,
      order: input.order,
      targetPage: input.targetPage,
      format: "markdown",
      page: input.cursor ?? undefined,
      limit: COMMENTS_PAGE,
    }),
  ),
  get: protectedProcedure.input(trpcInputs.get).query(({ ctx, input }) => getComment(ctx, input)),
  post: protectedProcedure
    .input(trpcInputs.post)
    .mutation(({ ctx, input: { markdown, page, node, ...ref } }) => postComment(ctx, ref, { page, node, body: markdownBody(markdown) })),
  update: protectedProcedure
    .input(trpcInputs.update)
    .mutation(({ ctx, input: { markdown, resolved, addedReactions, removedReactions, ...ref } }) =>
      updateComment(ctx, ref, { resolved, addedReactions, removedReactions, body: markdown === undefined ? undefined : markdownBody(markdown) }),
    ),
  delete: protectedProcedure.input(trpcInputs.delete).mutation(({ ctx, input }) => deleteComment(ctx, input)),
  replies: protectedProcedure
    .input(trpcInputs.replies)
    .query(({ ctx, input: { cursor, ...ref } }) => listReplies(ctx, ref, { format: "markdown", page: cursor ?? undefined, limit: REPLIES_PAGE })),
  reply: protectedProcedure.input(trpcInputs.reply).mutation(({ ctx, input: { markdown, ...ref } }) => postReply(ctx, ref, markdownBody(markdown))),
  updateReply: protectedProcedure
    .input(trpcInputs.updateReply)
    .mutation(({ ctx, input: { markdown, addedReactions, removedReactions, ...ref } }) =>
      updateReply(ctx, ref, { addedReactions, removedReactions, body: markdown === undefined ? undefined : markdownBody(markdown) }),
    ),
  deleteReply: protectedProcedure.input(trpcInputs.deleteReply).mutation(({ ctx, input }) => deleteReply(ctx, input)),
  mentionable: protectedProcedure.input(trpcInputs.mentionable).query(({ ctx, input }) => mentionable(ctx, input)),
});
