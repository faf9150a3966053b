import type { Space } from "../db/generated/client";
import { permissionsOn } from "./authorize";
import type { Role } from "./roles";

/**
 * What a role on a collection or a space allows (the role from `server/policies/access.ts`): the
 * `permissions` of API answers, views of the permission table (server/policies/permission-table.ts)
 * whose rules the services check with `authorize`, so the two cannot disagree.
 */

export function collectionPermissions(role: Role | null) {
  const may = permissionsOn("collection", { role });
  return { view: may("view"), admin: may("admin"), viewInviteLinks: may("viewInviteLinks"), create: may("create") };
}

export function spacePermissions(role: Role | null, space: Pick<Space, "editMode" | "deletedAt">) {
  const may = permissionsOn("space", { role }, space);
  return {
    view: may("view"),
    access: may("access"),
    admin: may("admin"),
    viewInviteLinks: may("viewInviteLinks"),
    edit: may("edit"),
    triggerGitSync: may("triggerGitSync"),
    comment: may("comment"),
    merge: may("merge"),
    review: may("review"),
    installIntegration: may("installIntegration"),
  };
}
