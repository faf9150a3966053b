import type { Space } from "../db/generated/client";
import { atLeast, type Role } from "./roles";

/**
 * What a role on a collection or a space allows (the role from `server/policies/access.ts`). These
 * objects are both the `permissions` of API answers and the checks the services make, so the two
 * cannot disagree.
 */

export function collectionPermissions(role: Role | null) {
  return {
    view: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    create: atLeast(role, "create"),
  };
}

export function spacePermissions(role: Role | null, space: Pick<Space, "editMode" | "deletedAt">) {
  const writable = space.editMode === "live" && space.deletedAt === null;
  return {
    view: atLeast(role, "read"),
    access: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    edit: writable && atLeast(role, "edit"),
    triggerGitSync: writable && atLeast(role, "edit"),
    comment: atLeast(role, "comment"),
    merge: writable && atLeast(role, "review"),
    review: atLeast(role, "review"),
    installIntegration: atLeast(role, "admin"),
  };
}
