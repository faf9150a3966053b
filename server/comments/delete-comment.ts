import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadCommentBase } from "./base";
import { authorize } from "../policies/authorize";

/**
 * Deletes a comment with its replies and reactions (foreign keys cascade): its author or an admin of
 * the space. A comment that is not there is already deleted (204); a space or change request the
 * caller cannot see is still not found.
 */
export async function deleteComment(ctx: ServiceContext, ref: { spaceId: string; changeRequest?: string; commentId: string }): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const base = await loadCommentBase(tx, ctx.actor, ref.spaceId, ref.changeRequest);
    const [comment] = await tx.$queryRaw<{ id: string; author_id: string; change_request_id: string | null }[]>`
      SELECT id, author_id, change_request_id FROM comments
      WHERE id = ${ref.commentId} AND space_id = ${base.space.id} AND change_request_id IS NOT DISTINCT FROM ${base.changeRequest?.id ?? null}
      FOR UPDATE`;
    if (!comment) return events.nothingChanged();
    authorize({ role: base.role, userId: ctx.actor.userId }, "comment.delete", { authorId: comment.author_id });
    await tx.comment.delete({ where: { id: comment.id } });
    events.record({
      organizationId: base.organization.id,
      action: "comment.deleted",
      target: { type: "comment", id: comment.id },
      payload: { spaceId: base.space.id, changeRequestId: comment.change_request_id, commentId: comment.id },
    });
  });
}
