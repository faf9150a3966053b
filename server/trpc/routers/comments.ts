import { deleteComment } from "../../comments/delete-comment";
import { postComment } from "../../comments/post-comment";
import { getComment, listComments, listReplies, mentionable } from "../../comments/queries";
import { deleteReply } from "../../comments/delete-reply";
import { postReply } from "../../comments/post-reply";
import { updateReply } from "../../comments/update-reply";
import { markdownBody, trpcInputs } from "../../comments/schemas";
import { updateComment } from "../../comments/update-comment";
import { presentComment, presentReply } from "../../presenters/comment";
import { protectedProcedure, router } from "../init";

/** A thread's replies all at once: the discussion panel shows a whole thread. */
const REPLIES_PAGE = 200;
const COMMENTS_PAGE = 50;

/**
 * The discussion panel: comments and replies of a space (`changeRequest` absent) or a change
 * request, as /v1 presents them; each procedure is one service call.
 */
export const commentsRouter = router({
  list: protectedProcedure.input(trpcInputs.list).query(async ({ ctx, input }) => {
    const page = await listComments(ctx, input, {
      status: input.status,
      order: input.order,
      targetPage: input.targetPage,
      format: "markdown",
      page: input.cursor ?? undefined,
      limit: COMMENTS_PAGE,
    });
    return { ...page, items: page.items.map((comment) => presentComment(comment, ctx.urls)) };
  }),
  get: protectedProcedure.input(trpcInputs.get).query(async ({ ctx, input }) => presentComment(await getComment(ctx, input), ctx.urls)),
  post: protectedProcedure
    .input(trpcInputs.post)
    .mutation(async ({ ctx, input: { markdown, page, node, ...ref } }) => presentComment(await postComment(ctx, ref, { page, node, body: markdownBody(markdown) }), ctx.urls)),
  update: protectedProcedure
    .input(trpcInputs.update)
    .mutation(async ({ ctx, input: { markdown, resolved, addedReactions, removedReactions, ...ref } }) =>
      presentComment(await updateComment(ctx, ref, { resolved, addedReactions, removedReactions, body: markdown === undefined ? undefined : markdownBody(markdown) }), ctx.urls),
    ),
  delete: protectedProcedure.input(trpcInputs.delete).mutation(({ ctx, input }) => deleteComment(ctx, input)),
  replies: protectedProcedure
    .input(trpcInputs.replies)
    .query(async ({ ctx, input: { cursor, ...ref } }) => {
      const page = await listReplies(ctx, ref, { format: "markdown", page: cursor ?? undefined, limit: REPLIES_PAGE });
      return { ...page, items: page.items.map((reply) => presentReply(reply, ctx.urls)) };
    }),
  reply: protectedProcedure.input(trpcInputs.reply).mutation(async ({ ctx, input: { markdown, ...ref } }) => presentReply(await postReply(ctx, ref, markdownBody(markdown)), ctx.urls)),
  updateReply: protectedProcedure
    .input(trpcInputs.updateReply)
    .mutation(async ({ ctx, input: { markdown, addedReactions, removedReactions, ...ref } }) =>
      presentReply(await updateReply(ctx, ref, { addedReactions, removedReactions, body: markdown === undefined ? undefined : markdownBody(markdown) }), ctx.urls),
    ),
  deleteReply: protectedProcedure.input(trpcInputs.deleteReply).mutation(({ ctx, input }) => deleteReply(ctx, input)),
  mentionable: protectedProcedure.input(trpcInputs.mentionable).query(({ ctx, input }) => mentionable(ctx, input)),
});
