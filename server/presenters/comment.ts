import type { Comment, CommentReply, User } from "../db/generated/client";
import { commentPermissions, replyPermissions } from "../policies/comment";
import type { Role } from "../policies/roles";
import { presentUser } from "./user";

type Person = Pick<User, "id" | "displayName" | "email" | "photoURL">;
type Users = Map<string, Person>;

/** One emoji on a comment or reply: who added it and when, in the order they did. */
export type ReactionRow = { emoji: string; userId: string; reactedAt: Date };
/** One replier of a comment: how many replies and their latest. */
export type ReplierRow = { userId: string; count: number; updatedAt: Date };

/** Who reads: their role on the space and who they are (for `permissions`). */
export type Viewer = { role: Role | null; userId: string };

/**
 * Reactions grouped by emoji, in the order each emoji was first used (then by emoji), each with its
 * users in the order they reacted: a stable order, so that the UI does not reshuffle.
 */
export function presentReactions(rows: ReactionRow[], users: Users, baseUrl: string) {
  const byEmoji = new Map<string, ReactionRow[]>();
  const sorted = [...rows].sort((a, b) => a.reactedAt.getTime() - b.reactedAt.getTime() || (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0) || (a.userId < b.userId ? -1 : 1));
  for (const row of sorted) byEmoji.set(row.emoji, [...(byEmoji.get(row.emoji) ?? []), row]);
  return [...byEmoji].flatMap(([emoji, reactions]) => {
    const known = reactions.filter((reaction) => users.has(reaction.userId));
    return known.length ? [{ emoji, count: known.length, users: known.map((reaction) => ({ user: presentUser(users.get(reaction.userId)!, baseUrl), reactedAt: reaction.reactedAt.toISOString() })) }] : [];
  });
}

export type CommentTarget = {
  space: string;
  revision: string;
  changeRequest?: string;
  review?: string;
  page?: Record<string, unknown> & { id: string };
  node?: { id: string; preview: string; deleted?: true };
  tableCell?: { record: string; definition: string };
};

/** A comment as the API shows it (the reference's Comment); `target` resolved in the base's revision now. */
export function presentComment(
  comment: Comment,
  parts: { body: unknown; target: CommentTarget; reactions: ReactionRow[]; repliers: ReplierRow[]; users: Users; location: string; viewer: Viewer },
  baseUrl: string,
) {
  const { users } = parts;
  const author = users.get(comment.authorId)!;
  const resolver = comment.resolvedById ? users.get(comment.resolvedById) : undefined;
  const repliers = parts.repliers.filter((replier) => users.has(replier.userId));
  return {
    object: "comment" as const,
    id: comment.id,
    postedBy: presentUser(author, baseUrl),
    postedAt: comment.postedAt.toISOString(),
    ...(comment.editedAt ? { editedAt: comment.editedAt.toISOString() } : {}),
    reactions: presentReactions(parts.reactions, users, baseUrl),
    replies: parts.repliers.reduce((sum, replier) => sum + replier.count, 0),
    repliers: repliers.map((replier) => ({ user: presentUser(users.get(replier.userId)!, baseUrl), count: replier.count, updatedAt: replier.updatedAt.toISOString() })),
    body: parts.body,
    target: parts.target,
    urls: { location: parts.location },
    permissions: commentPermissions(parts.viewer, comment),
    ...(comment.resolvedAt
      ? { status: "resolved" as const, resolvedAt: comment.resolvedAt.toISOString(), resolvedBy: presentUser(resolver ?? DELETED_USER, baseUrl) }
      : { status: "open" as const }),
  };
}
export type CommentObject = ReturnType<typeof presentComment>;

/** Stands in for a resolver whose account was deleted (`resolved_by_id` is then null): the reference requires `resolvedBy` with `resolvedAt`. */
const DELETED_USER: Person = { id: "deleted", displayName: "Deleted user", email: "", photoURL: null };

/** A reply as the API shows it (the reference's CommentReply). */
export function presentReply(reply: CommentReply, parts: { body: unknown; reactions: ReactionRow[]; users: Users; location: string; viewer: Viewer }, baseUrl: string) {
  return {
    object: "comment-reply" as const,
    id: reply.id,
    postedBy: presentUser(parts.users.get(reply.authorId)!, baseUrl),
    postedAt: reply.postedAt.toISOString(),
    ...(reply.editedAt ? { editedAt: reply.editedAt.toISOString() } : {}),
    reactions: presentReactions(parts.reactions, parts.users, baseUrl),
    body: parts.body,
    urls: { location: parts.location },
    permissions: replyPermissions(parts.viewer, reply),
  };
}
