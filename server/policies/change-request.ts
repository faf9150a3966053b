import type { ChangeRequest, Space } from "../db/generated/client";
import { permissionsOn } from "./authorize";
import type { Role } from "./roles";

/**
 * What a caller may do with a change request, from their role on its space, the space's state and
 * the change request's status: the `permissions` every change request is presented with, a view of
 * the permission table's `changeRequest` rules (server/policies/permission-table.ts), which the
 * services check with `authorize`, so the UI shows only what the server allows.
 */

export { canMoveStatus, isActive, type ChangeRequestStatus } from "./permission-table";

type SpaceState = Pick<Space, "editMode" | "deletedAt">;

/**
 * `viewerId`: who asks, when known, for the rule that authors do not review their own change
 * request (as on GitHub: a review is a second pair of eyes).
 */
export function changeRequestPermissions(role: Role | null, space: SpaceState, changeRequest: Pick<ChangeRequest, "status"> & Partial<Pick<ChangeRequest, "createdById">>, viewerId?: string) {
  const may = permissionsOn("changeRequest", { role, userId: viewerId }, { space, changeRequest });
  return {
    view: may("view"),
    edit: may("edit"),
    editContent: may("editContent"),
    update: may("update"),
    merge: may("merge"),
    comment: may("comment"),
    review: may("review"),
    requestReviewers: may("requestReviewers"),
  };
}
