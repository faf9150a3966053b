import type { Comment as ReferenceComment, CommentReply as ReferenceReply, Document, EmojiReaction } from "@gitbook/api";

/**
 * A comment as `comments.*` returns it (the reference's Comment, as `/v1` presents it), with what
 * Quire adds to its target: the block's text when posted, whether the block is gone, the page's
 * title and whether it changed since.
 */
export type Comment = ReferenceComment & {
  target: ReferenceComment["target"] & {
    node?: { id: string; deleted?: boolean; preview?: string };
    page?: { id: string; title?: string; outdated?: boolean; deleted?: boolean };
  };
  permissions: ReferenceComment["permissions"] & { resolve?: boolean };
};
export type CommentReply = ReferenceReply;
export type Reaction = EmojiReaction;

/** Where comments live: a space's own, or one change request's (by number). */
export type DiscussionScope = { spaceId: string; changeRequest?: string };

export type StatusFilter = "open" | "resolved" | "all";

/** The markdown a comment or reply was written in: `comments.*` presents bodies as the reference's `{ markdown }` Document. */
export const bodyMarkdown = (body: Document): string => ("markdown" in body && typeof body.markdown === "string" ? body.markdown : "");

export const isResolved = (comment: Comment) => comment.status === "resolved";

/** Whether the signed-in user reacted with this emoji (the server lists who did). */
export const reactedBy = (reaction: Reaction, userId: string | undefined) => !!userId && reaction.users.some((each) => each.user.id === userId);
