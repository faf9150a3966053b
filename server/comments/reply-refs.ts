/** Replies: posted by anyone who can comment, edited by their author, deleted by their author or a space admin. */

export type CommentRef = { spaceId: string; changeRequest?: string; commentId: string };
export type ReplyRef = CommentRef & { replyId: string };
