import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { Comment, CommentReply } from "../db/generated/client";
import { presentComment, presentReply, type ReactionRow, type ReplierRow } from "../presenters/comment";
import { commentUrl, type CommentBase } from "./base";
import { presentBodies } from "./body";
import type { BodyFormat } from "./schemas";
import { resolveTargets } from "./targets";

/**
 * Comments and replies as the API shows them, batched: one query each for their reactions,
 * repliers and people, the targets' pages read once per page, whatever the number of comments.
 */

async function usersById(tx: Db, ids: Iterable<string>) {
  const unique = [...new Set(ids)];
  const users = unique.length ? await tx.user.findMany({ where: { id: { in: unique } }, select: { id: true, displayName: true, email: true, photoURL: true } }) : [];
  return new Map(users.map((user) => [user.id, user]));
}

async function reactionsOf(tx: Db, subject: "comment" | "reply", ids: string[]): Promise<Map<string, ReactionRow[]>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.commentReaction.findMany({
    where: subject === "comment" ? { commentId: { in: ids } } : { replyId: { in: ids } },
    select: { commentId: true, replyId: true, emoji: true, userId: true, reactedAt: true },
  });
  const grouped = new Map<string, ReactionRow[]>();
  for (const row of rows) {
    const id = (subject === "comment" ? row.commentId : row.replyId)!;
    grouped.set(id, [...(grouped.get(id) ?? []), row]);
  }
  return grouped;
}

async function repliersOf(tx: Db, commentIds: string[]): Promise<Map<string, ReplierRow[]>> {
  if (commentIds.length === 0) return new Map();
  const rows = await tx.commentReply.groupBy({ by: ["commentId", "authorId"], where: { commentId: { in: commentIds } }, _count: { _all: true }, _max: { postedAt: true } });
  const grouped = new Map<string, ReplierRow[]>();
  // Most recent repliers first, as a thread's avatars show them.
  for (const row of rows.sort((a, b) => b._max.postedAt!.getTime() - a._max.postedAt!.getTime() || (a.authorId < b.authorId ? -1 : 1))) {
    grouped.set(row.commentId, [...(grouped.get(row.commentId) ?? []), { userId: row.authorId, count: row._count._all, updatedAt: row._max.postedAt! }]);
  }
  return grouped;
}

export async function presentComments(tx: Db, ctx: ServiceContext, base: CommentBase, comments: Comment[], format: BodyFormat) {
  const ids = comments.map((comment) => comment.id);
  const [reactions, repliers, targets, bodies] = await Promise.all([
    reactionsOf(tx, "comment", ids),
    repliersOf(tx, ids),
    resolveTargets(tx, base, comments),
    presentBodies(new Map(comments.map((comment) => [comment.id, comment.body])), format),
  ]);
  const users = await usersById(tx, [
    ...comments.flatMap((comment) => [comment.authorId, ...(comment.resolvedById ? [comment.resolvedById] : [])]),
    ...[...reactions.values()].flat().map((reaction) => reaction.userId),
    ...[...repliers.values()].flat().map((replier) => replier.userId),
  ]);
  const viewer = { role: base.role, userId: ctx.actor.userId };
  return comments.map((comment) => {
    const resolved = targets.get(comment.id)!;
    return presentComment(
      comment,
      {
        body: bodies.get(comment.id),
        target: {
          space: base.space.id,
          revision: resolved.revision,
          ...(comment.changeRequestId ? { changeRequest: comment.changeRequestId } : {}),
          ...(comment.reviewId ? { review: comment.reviewId } : {}),
          ...(resolved.page ? { page: resolved.page } : {}),
          ...(resolved.node ? { node: resolved.node } : {}),
          ...(comment.targetTableRecord && comment.targetTableDefinition ? { tableCell: { record: comment.targetTableRecord, definition: comment.targetTableDefinition } } : {}),
        },
        reactions: reactions.get(comment.id) ?? [],
        repliers: repliers.get(comment.id) ?? [],
        users,
        location: commentUrl(ctx.baseUrl, base, comment.id),
        viewer,
      },
      ctx.baseUrl,
    );
  });
}

export async function presentReplies(tx: Db, ctx: ServiceContext, base: CommentBase, replies: CommentReply[], format: BodyFormat) {
  const [reactions, bodies] = await Promise.all([
    reactionsOf(tx, "reply", replies.map((reply) => reply.id)),
    presentBodies(new Map(replies.map((reply) => [reply.id, reply.body])), format),
  ]);
  const users = await usersById(tx, [...replies.map((reply) => reply.authorId), ...[...reactions.values()].flat().map((reaction) => reaction.userId)]);
  const viewer = { role: base.role, userId: ctx.actor.userId };
  return replies.map((reply) =>
    presentReply(
      reply,
      { body: bodies.get(reply.id), reactions: reactions.get(reply.id) ?? [], users, location: `${commentUrl(ctx.baseUrl, base, reply.commentId)}/replies/${reply.id}`, viewer },
      ctx.baseUrl,
    ),
  );
}
