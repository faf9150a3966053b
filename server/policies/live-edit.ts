import { AppError } from "../errors";
import { mergeRulesOf } from "../reviews/merge-rules";
import type { SpaceAccess } from "./access";
import { refusalOf } from "./authorize";

/**
 * Who may edit a space's content live, directly on main without a change request: whoever has the
 * space's `edit` permission (the edit role, on a space whose edit mode is `live` and that is not
 * deleted) — the same rule as for opening a change request — unless the space's merge rules require
 * approvals: changes must then be reviewed, so they go through change requests.
 */

export type LiveEditRefusal = { reason: "edit-permission" | "approvals-required"; message: string };

export function liveEditRefusal(access: SpaceAccess): LiveEditRefusal | null {
  const denied = refusalOf(access, "space.edit", access.space);
  if (denied) return { reason: "edit-permission", message: denied.message };
  const { requiredApprovals } = mergeRulesOf(access);
  if (requiredApprovals > 0) {
    return {
      reason: "approvals-required",
      message: `This space's merge rules require ${requiredApprovals} approval${requiredApprovals === 1 ? "" : "s"}: its content changes through reviewed change requests.`,
    };
  }
  return null;
}

/** Throws the 403 of a refused live edit, its reason in `details`. */
export function authorizeLiveEdit(access: SpaceAccess): void {
  const refusal = liveEditRefusal(access);
  if (refusal) throw new AppError("forbidden", refusal.message, { reason: refusal.reason });
}
