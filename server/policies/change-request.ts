import type { ChangeRequest, Space } from "../db/generated/client";
import { fieldError, forbidden } from "../errors";
import { spacePermissions } from "./content";
import type { Role } from "./roles";

/**
 * What a caller may do with a change request, from their role on its space, the space's state and
 * the change request's status: the rules the services enforce (`authorizeChangeRequest`) and the
 * `permissions` every change request is presented with, so the UI shows only what the server allows.
 */

/** A change request still takes changes while it is a draft or open; merged and archived ones do not. */
export function isActive(changeRequest: Pick<ChangeRequest, "status">): boolean {
  return changeRequest.status === "draft" || changeRequest.status === "open";
}

export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

/**
 * The statuses a change request may be moved to from each status (PATCH `status`; merging has its
 * own operation). Review goes back and forth between draft and open; archiving closes a draft or an
 * open one without merging, and an archived one comes back as a draft, to be submitted anew. Merged
 * is final. Moving to the status it already has is no move, and always allowed but on a merged one.
 */
const STATUS_MOVES: Record<ChangeRequestStatus, readonly ChangeRequestStatus[]> = {
  draft: ["open", "archived"],
  open: ["draft", "archived"],
  archived: ["draft"],
  merged: [],
};

/** Whether a change request in status `from` may be set to `to` (the UI's status buttons read this too). */
export function canMoveStatus(from: string, to: ChangeRequestStatus): boolean {
  const moves = STATUS_MOVES[from as ChangeRequestStatus] ?? [];
  return (from === to && from !== "merged") || moves.includes(to);
}

type SpaceState = Pick<Space, "editMode" | "deletedAt">;

/**
 * `viewerId`: who asks, when known, for the rule that authors do not review their own change
 * request (as on GitHub: a review is a second pair of eyes).
 */
export function changeRequestPermissions(role: Role | null, space: SpaceState, changeRequest: Pick<ChangeRequest, "status"> & Partial<Pick<ChangeRequest, "createdById">>, viewerId?: string) {
  const onSpace = spacePermissions(role, space);
  const active = isActive(changeRequest);
  const author = viewerId !== undefined && viewerId === changeRequest.createdById;
  return {
    view: onSpace.view,
    /** Its subject and status, within the moves `canMoveStatus` allows: a merged change request no longer changes. */
    edit: onSpace.edit && changeRequest.status !== "merged",
    /** Its content: pages, files and variables, imports and templates into it. */
    editContent: onSpace.edit && active,
    /** Bring the space's main content into it. */
    update: onSpace.edit && active,
    merge: onSpace.merge && active,
    comment: onSpace.comment,
    /** Submit a review (approve, request changes): the review role, on an active change request someone else opened. */
    review: onSpace.review && active && !author,
    /** Ask members for their review, and withdraw the request. */
    requestReviewers: onSpace.edit && active,
  };
}

export type ChangeRequestAction = "edit" | "editContent" | "update" | "merge" | "review" | "requestReviewers";

/** `locked`: the refusal when the space's lock is why (reviews do not change content, so a lock does not stop them). */
const refusals: Record<ChangeRequestAction, { locked?: string; role: string }> = {
  edit: { locked: "The space is locked: its change requests cannot be changed.", role: "Changing a change request needs the edit role." },
  editContent: { locked: "The space is locked: its change requests cannot be edited.", role: "Editing a change request's content needs the edit role." },
  update: { locked: "The space is locked: change requests cannot be updated from main.", role: "Updating a change request needs the edit role." },
  merge: { locked: "The space is locked: change requests cannot be merged.", role: "Merging a change request needs the review role." },
  review: { role: "Reviewing a change request needs the review role on its space." },
  requestReviewers: { locked: "The space is locked: reviews cannot be requested.", role: "Requesting reviews needs the edit role." },
};

/**
 * Throws unless the caller may `action` the change request: 403 when their role or the space's lock
 * forbids it, then 400 when the change request no longer takes it (merged, archived) or, for `edit`
 * with `status`, when its status may not move there (`details`: `{ from, to }`).
 */
export function authorizeChangeRequest(
  action: ChangeRequestAction,
  access: { role: Role | null; space: SpaceState; changeRequest: Pick<ChangeRequest, "status" | "number" | "createdById">; userId: string },
  /** For `edit`: the status the change request is asked to take, if any. */
  status?: ChangeRequestStatus,
): void {
  const { role, space, changeRequest } = access;
  const onSpace = spacePermissions(role, space);
  const allowedByRole = action === "merge" ? onSpace.merge : action === "review" ? onSpace.review : onSpace.edit;
  if (!allowedByRole) throw forbidden((space.editMode === "locked" && refusals[action].locked) || refusals[action].role);
  if (action === "review" && changeRequest.createdById === access.userId) throw forbidden("You opened this change request: someone else has to review it.");
  const from = changeRequest.status;
  if (status !== undefined && !canMoveStatus(from, status)) {
    const allowed = STATUS_MOVES[from as ChangeRequestStatus] ?? [];
    const why = allowed.length > 0 ? `it can become ${allowed.join(" or ")}` : "its status is final";
    throw fieldError("status", `Change request ${changeRequest.number} is ${from} and cannot become ${status}: ${why}`, { details: { from, to: status, allowed } });
  }
  if (!changeRequestPermissions(role, space, changeRequest, access.userId)[action]) {
    throw fieldError("changeRequestId", `Change request ${changeRequest.number} is ${from}`, { details: { status: from } });
  }
}
