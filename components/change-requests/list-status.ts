import type { SpaceObject } from "@/server/presenters/space";
import type { ChangeRequestStatus } from "./status-badge";

/** The statuses the list filters by, in the order of its buttons (no "use client": the server-rendered page picks the first too). */
export const FILTERS: ChangeRequestStatus[] = ["open", "draft", "merged", "archived"];

/**
 * The status the list shows: the one in the address, else the first that has change requests
 * (open, then drafts, then the closed ones), so that the list never opens empty on what exists.
 */
export function initialStatusOf(value: string | undefined, space: Pick<SpaceObject, "changeRequests" | "changeRequestsOpen" | "changeRequestsDraft">): ChangeRequestStatus {
  const explicit = FILTERS.find((status) => status === value);
  if (explicit) return explicit;
  if (space.changeRequestsOpen > 0 || space.changeRequests === 0) return "open";
  return space.changeRequestsDraft > 0 ? "draft" : "merged";
}
