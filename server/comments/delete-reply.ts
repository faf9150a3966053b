import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorize } from "../policies/authorize";
import { loadCommentBase } from "./base";
import type { ReplyRef } from "./reply-refs";

/** Deletes a reply with its reactions; one that is not there is already deleted. */
export async function deleteReply(ctx: ServiceContext, ref: ReplyRef): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    const comment = await tx.comment.findFirst({ where: { id: ref.commentId, spaceId: base.space.id, changeRequestId: base.changeRequest?.id ?? null } });
    const [reply] = comment ? await tx.$queryRaw<{ id: string; author_id: string }[]>`SELECT id, author_id FROM comment_replies WHERE id = ${ref.replyId} AND comment_id = ${comment.id} FOR UPDATE` : [];
    if (!comment || !reply) return events.nothingChanged();
    authorize({ role: base.role, userId: ctx.actor.userId }, "comment.delete", { authorId: reply.author_id });
    await tx.commentReply.delete({ where: { id: reply.id } });
    events.record({
      organizationId: base.organization.id,
      action: "comment_reply.deleted",
      target: { type: "comment-reply", id: reply.id },
      payload: { spaceId: base.space.id, changeRequestId: comment.changeRequestId, commentId: comment.id, replyId: reply.id },
    });
  });
}
