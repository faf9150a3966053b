import { permissionsOn } from "./authorize";
import type { Role } from "./roles";

/**
 * What a caller may do with comments, replies and change request conversations, from their role on
 * the space and whether they wrote the comment: the `permissions` each comment, reply and
 * conversation is presented with, views of the permission table's `comment` and `conversation`
 * rules (server/policies/permission-table.ts), which the comment services check with `authorize`.
 */

type Subject = { authorId: string };
type Caller = { role: Role | null; userId: string };

export function commentPermissions(caller: Caller, subject: Subject) {
  const may = permissionsOn("comment", caller, subject);
  return {
    view: may("view"),
    edit: may("edit"),
    /** Reply to it and react to it. */
    reply: may("reply"),
    /** Resolve or reopen it (Quire's addition to the reference's permissions; replies have none). */
    resolve: may("resolve"),
    delete: may("delete"),
  };
}

/** A reply's permissions: those of a comment, without resolving. */
export function replyPermissions(caller: Caller, subject: Subject) {
  const { resolve: _, ...permissions } = commentPermissions(caller, subject);
  return permissions;
}

export function conversationPermissions(role: Role | null) {
  const may = permissionsOn("conversation", { role });
  return { view: may("view"), rename: may("rename"), delete: may("delete") };
}
