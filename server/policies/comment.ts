import { forbidden } from "../errors";
import { atLeast, type Role } from "./roles";

/**
 * What a caller may do with comments, replies and change request conversations, from their role on
 * the space and whether they wrote the comment: the checks the comment services make and the
 * `permissions` each comment and reply is presented with, so the UI offers only what is allowed.
 *
 * - Viewing needs read access to the space.
 * - Posting, replying and reacting need the `comment` role. Comments are not content edits: a
 *   locked space still takes them, and a merged or archived change request stays open to discussion.
 * - Editing a body: its author alone, while they can still comment.
 * - Resolving and reopening: anyone who can comment (as in GitBook: whoever takes part in the
 *   discussion may close a thread, and reopen it).
 * - Deleting: the author (while they can comment), or an admin of the space.
 * - A change request's conversation: renamed with the `edit` role, deleted (with its comments) by an admin.
 */

type Subject = { authorId: string };
type Caller = { role: Role | null; userId: string };

export function commentPermissions(caller: Caller, subject: Subject) {
  const canComment = atLeast(caller.role, "comment");
  const own = subject.authorId === caller.userId;
  return {
    view: atLeast(caller.role, "read"),
    edit: own && canComment,
    /** Reply to it and react to it. */
    reply: canComment,
    /** Resolve or reopen it (Quire's addition to the reference's permissions; replies have none). */
    resolve: canComment,
    delete: (own && canComment) || atLeast(caller.role, "admin"),
  };
}

/** A reply's permissions: those of a comment, without resolving. */
export function replyPermissions(caller: Caller, subject: Subject) {
  const { resolve: _, ...permissions } = commentPermissions(caller, subject);
  return permissions;
}

export function conversationPermissions(role: Role | null) {
  return { view: atLeast(role, "read"), rename: atLeast(role, "edit"), delete: atLeast(role, "admin") };
}

export type CommentAction = "post" | "reply" | "react" | "edit" | "resolve" | "delete";

const refusals: Record<CommentAction, string> = {
  post: "Posting a comment needs the comment role on the space.",
  reply: "Replying needs the comment role on the space.",
  react: "Reacting needs the comment role on the space.",
  edit: "Only its author can edit a comment.",
  resolve: "Resolving or reopening a comment needs the comment role on the space.",
  delete: "Only its author or an admin of the space can delete a comment.",
};

/** Throws 403 unless the caller may `action` (for `edit` and `delete`, on `subject`; the others need no subject). */
export function authorizeComment(action: CommentAction, caller: Caller, subject?: Subject): void {
  const permissions = commentPermissions(caller, subject ?? { authorId: "" });
  const allowed = action === "edit" ? permissions.edit : action === "delete" ? permissions.delete : action === "resolve" ? permissions.resolve : permissions.reply;
  if (!allowed) throw forbidden(refusals[action]);
}

/** Throws 403 unless the caller may rename or delete a change request's conversation. */
export function authorizeConversation(action: "rename" | "delete", role: Role | null): void {
  if (!conversationPermissions(role)[action]) {
    throw forbidden(action === "rename" ? "Renaming a conversation needs the edit role on the space." : "Deleting a conversation needs the admin role on the space.");
  }
}
