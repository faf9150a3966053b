import type { CommentRecord, ReactionRow, ReplyRecord, Users } from "../comments/records";
import type { User } from "../db/generated/client";
import type { Urls } from "../http/urls";
import { commentPermissions, replyPermissions } from "../policies/comment";
import { presentUser } from "./user";

/**
 * Reactions grouped by emoji, in the order each emoji was first used (then by emoji), each with its
 * users in the order they reacted: a stable order, so that the UI does not reshuffle.
 */
function presentReactions(rows: ReactionRow[], users: Users, urls: Urls) {
  const byEmoji = new Map<string, ReactionRow[]>();
  const sorted = [...rows].sort((a, b) => a.reactedAt.getTime() - b.reactedAt.getTime() || (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0) || (a.userId < b.userId ? -1 : 1));
  for (const row of sorted) byEmoji.set(row.emoji, [...(byEmoji.get(row.emoji) ?? []), row]);
  return [...byEmoji].flatMap(([emoji, reactions]) => {
    const known = reactions.filter((reaction) => users.has(reaction.userId));
    return known.length ? [{ emoji, count: known.length, users: known.map((reaction) => ({ user: presentUser(users.get(reaction.userId)!, urls), reactedAt: reaction.reactedAt.toISOString() })) }] : [];
  });
}

/** A comment as the API shows it (the reference's Comment), from the record the comment services return. */
export function presentComment(comment: CommentRecord, urls: Urls) {
  const { users } = comment;
  const author = users.get(comment.authorId)!;
  const resolver = comment.resolvedById ? users.get(comment.resolvedById) : undefined;
  const repliers = comment.repliers.filter((replier) => users.has(replier.userId));
  return {
    object: "comment" as const,
    id: comment.id,
    postedBy: presentUser(author, urls),
    postedAt: comment.postedAt.toISOString(),
    ...(comment.editedAt ? { editedAt: comment.editedAt.toISOString() } : {}),
    reactions: presentReactions(comment.reactions, users, urls),
    replies: comment.repliers.reduce((sum, replier) => sum + replier.count, 0),
    repliers: repliers.map((replier) => ({ user: presentUser(users.get(replier.userId)!, urls), count: replier.count, updatedAt: replier.updatedAt.toISOString() })),
    body: comment.body,
    target: comment.target,
    urls: { location: urls.comment(comment) },
    permissions: commentPermissions(comment.viewer, comment),
    ...(comment.resolvedAt
      ? { status: "resolved" as const, resolvedAt: comment.resolvedAt.toISOString(), resolvedBy: presentUser(resolver ?? DELETED_USER, urls) }
      : { status: "open" as const }),
  };
}
export type CommentObject = ReturnType<typeof presentComment>;

/** Stands in for a resolver whose account was deleted (`resolved_by_id` is then null): the reference requires `resolvedBy` with `resolvedAt`. */
const DELETED_USER: Pick<User, "id" | "displayName" | "email" | "photoURL"> = { id: "deleted", displayName: "Deleted user", email: "", photoURL: null };

/** A reply as the API shows it (the reference's CommentReply), from the record the comment services return. */
export function presentReply(reply: ReplyRecord, urls: Urls) {
  return {
    object: "comment-reply" as const,
    id: reply.id,
    postedBy: presentUser(reply.users.get(reply.authorId)!, urls),
    postedAt: reply.postedAt.toISOString(),
    ...(reply.editedAt ? { editedAt: reply.editedAt.toISOString() } : {}),
    reactions: presentReactions(reply.reactions, reply.users, urls),
    body: reply.body,
    urls: { location: urls.commentReply(reply.comment, reply.id) },
    permissions: replyPermissions(reply.viewer, reply),
  };
}
