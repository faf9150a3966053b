import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { Comment, CommentReply, User } from "../db/generated/client";
import type { Role } from "../policies/roles";
import type { CommentBase } from "./base";
import { presentBodies } from "./body";
import type { BodyFormat } from "./schemas";
import { resolveTargets } from "./targets";

/**
 * What the comment services return: comments and replies with the facts their answers show, loaded
 * batched — one query each for their reactions, repliers and people, the targets' pages read once
 * per page, whatever the number of comments. No URL: the edge presents them (server/presenters/comment.ts).
 */

type Person = Pick<User, "id" | "displayName" | "email" | "photoURL">;
/** The people a batch of comments or replies names (authors, resolvers, reactors, repliers), by id. */
export type Users = Map<string, Person>;

/** One emoji on a comment or reply: who added it and when, in the order they did. */
export type ReactionRow = { emoji: string; userId: string; reactedAt: Date };
/** One replier of a comment: how many replies and their latest. */
export type ReplierRow = { userId: string; count: number; updatedAt: Date };

/** Who reads: their role on the space and who they are (for `permissions`). */
export type Viewer = { role: Role | null; userId: string };

export type CommentTarget = {
  space: string;
  revision: string;
  changeRequest?: string;
  review?: string;
  page?: Record<string, unknown> & { id: string };
  node?: { id: string; preview: string; deleted?: true };
  tableCell?: { record: string; definition: string };
};

/** A comment's row, its body in the format asked for, its target resolved in the base's revision now, its reactions, repliers and people. */
export type CommentRecord = Omit<Comment, "body"> & { body: unknown; target: CommentTarget; reactions: ReactionRow[]; repliers: ReplierRow[]; users: Users; viewer: Viewer };

/** A reply's row, its body in the format asked for, where its comment lives (for its URL), its reactions and people. */
export type ReplyRecord = Omit<CommentReply, "body"> & {
  body: unknown;
  comment: { id: string; spaceId: string; changeRequestId: string | null };
  reactions: ReactionRow[];
  users: Users;
  viewer: Viewer;
};

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

export async function commentRecords(tx: Db, ctx: ServiceContext, base: CommentBase, comments: Comment[], format: BodyFormat): Promise<CommentRecord[]> {
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
    return {
      ...comment,
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
      viewer,
    };
  });
}

export async function replyRecords(tx: Db, ctx: ServiceContext, base: CommentBase, replies: CommentReply[], format: BodyFormat): Promise<ReplyRecord[]> {
  const [reactions, bodies] = await Promise.all([
    reactionsOf(tx, "reply", replies.map((reply) => reply.id)),
    presentBodies(new Map(replies.map((reply) => [reply.id, reply.body])), format),
  ]);
  const users = await usersById(tx, [...replies.map((reply) => reply.authorId), ...[...reactions.values()].flat().map((reaction) => reaction.userId)]);
  const viewer = { role: base.role, userId: ctx.actor.userId };
  return replies.map((reply) => ({
    ...reply,
    body: bodies.get(reply.id),
    comment: { id: reply.commentId, spaceId: base.space.id, changeRequestId: base.changeRequest?.id ?? null },
    reactions: reactions.get(reply.id) ?? [],
    users,
    viewer,
  }));
}
