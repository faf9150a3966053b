import type { Comment as ReferenceComment, CommentReply as ReferenceReply, Document, EmojiReaction, JSONDocument } from "@gitbook/api";
import { documentToMarkdown } from "@/server/content/format/document-to-markdown";

/**
 * A comment as `comments.*` returns it (the reference's Comment, as `/v1` presents it), with what
 * Quire adds to its target: the block's text when posted, whether the block is gone and whether
 * the page changed since.
 */
export type Comment = ReferenceComment & {
  target: ReferenceComment["target"] & {
    node?: { id: string; deleted?: boolean; preview?: string };
    page?: { id: string; outdated?: boolean };
  };
  permissions: ReferenceComment["permissions"] & { resolve?: boolean };
};
export type CommentReply = ReferenceReply;
export type Reaction = EmojiReaction;

/** Where comments live: a space's own, or one change request's (by number). */
export type DiscussionScope = { spaceId: string; changeRequest?: string };

export type StatusFilter = "open" | "resolved" | "all";

/** The markdown a comment or reply was written in: its body is the reference's Document (markdown, or a JSON document). */
export function bodyMarkdown(body: Document): string {
  if ("markdown" in body && typeof body.markdown === "string") return body.markdown;
  const json = "document" in body ? (body.document as JSONDocument) : "nodes" in body ? (body as JSONDocument) : null;
  if (!json) return "";
  try {
    return documentToMarkdown(json);
  } catch {
    // A document too deep to convert: shown as empty rather than breaking the thread.
    return "";
  }
}

export const isResolved = (comment: Comment) => comment.status === "resolved";

/** Whether the signed-in user reacted with this emoji (the server lists who did). */
export const reactedBy = (reaction: Reaction, userId: string | undefined) => !!userId && reaction.users.some((each) => each.user.id === userId);
