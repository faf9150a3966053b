import type { ChangeRequestAccess } from "../change-requests/access";
import { loadCommentBase } from "../comments/base";
import { commentRecords, type CommentRecord } from "../comments/records";
import type { BodyFormat } from "../comments/schemas";
import type { ServiceContext } from "../context";
import type { Db } from "../db/client";

/**
 * Reviews' comments, as the comments service records any comment (server/comments), in `format`,
 * keyed by comment id. A comment deleted since is simply absent.
 */
export async function reviewComments(tx: Db, ctx: ServiceContext, access: ChangeRequestAccess, commentIds: (string | null)[], format: BodyFormat): Promise<Map<string, CommentRecord>> {
  const ids = commentIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const [base, comments] = await Promise.all([
    loadCommentBase(tx, ctx.actor, access.space.id, access.changeRequest.id),
    tx.comment.findMany({ where: { id: { in: ids }, changeRequestId: access.changeRequest.id } }),
  ]);
  const records = await commentRecords(tx, ctx, base, comments, format);
  return new Map(records.map((comment) => [comment.id, comment]));
}
