import { openChangeRequestComments } from "../comments/counts";
import type { Db } from "../db/client";
import type { ChangeRequest, Space, User } from "../db/generated/client";
import type { SpaceAccess } from "../policies/access";
import type { Role } from "../policies/roles";

/** A change request's row with its author and merger, as `loadChangeRequest` reads it (`changeRequestInclude`). */
export type ChangeRequestRow = ChangeRequest & { createdBy: User; mergedBy: User | null };

/**
 * What the change request services return: the row with the facts an answer about it shows — its
 * space as read in the service (for `outdated`, the permissions and the URLs), the caller's role on
 * it and who the caller is (for the permissions), its open comments (server/comments/counts.ts).
 * No URL: the edge presents it (server/presenters/change-request.ts).
 */
export type ChangeRequestRecord = ChangeRequestRow & {
  space: Pick<Space, "id" | "organizationId" | "revisionId" | "editMode" | "deletedAt">;
  role: Role | null;
  viewerId: string;
  openComments: number;
};

/** The records of change requests of the space `access` opened: one query whatever their number. */
export async function changeRequestRecords(tx: Db, access: SpaceAccess, rows: ChangeRequestRow[]): Promise<ChangeRequestRecord[]> {
  const comments = await openChangeRequestComments(tx, access.space.id, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, space: access.space, role: access.role, viewerId: access.userId, openComments: comments.get(row.id)! }));
}

/** One change request's record, inside the write that changed it (so the answer shows it as written). */
export async function changeRequestRecord(tx: Db, access: SpaceAccess, row: ChangeRequestRow): Promise<ChangeRequestRecord> {
  const [record] = await changeRequestRecords(tx, access, [row]);
  return record!;
}
