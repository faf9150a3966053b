import type { Actor } from "../auth/actor";
import { loadChangeRequest } from "../change-requests/access";
import type { Db } from "../db/client";
import type { Space } from "../db/generated/client";
import type { ChangeRequestRow } from "../change-requests/records";
import { loadSpace } from "../policies/access";
import { authorize } from "../policies/authorize";

/** Where an import writes: a space's main content, or one of its change requests (by id or number). */
export type ImportTarget = { spaceId: string; changeRequest?: string };

export type OpenedTarget = { space: Space; changeRequest: ChangeRequestRow | null; baseRevisionId: string };

/**
 * Loads the target as `actor` and checks that they may import into it: edit rights on a space
 * that is not locked (403), and a change request still in draft or open (400). Run when the
 * import starts and again when its revision is written (in a write of the space, with the
 * change request's row locked: `forUpdate`), so that a change of rights or status in between is honoured.
 */
export async function openImportTarget(tx: Db, actor: Actor, target: ImportTarget, options: { forUpdate?: boolean } = {}): Promise<OpenedTarget> {
  if (target.changeRequest !== undefined) {
    const access = await loadChangeRequest(tx, actor, target.spaceId, target.changeRequest, options);
    authorize(access, "changeRequest.editContent", access);
    return { space: access.space, changeRequest: access.changeRequest, baseRevisionId: access.changeRequest.revisionId };
  }
  const { space, role } = await loadSpace(tx, actor, target.spaceId);
  authorize({ role }, "space.importContent", space);
  if (!space.revisionId) throw new Error(`Space ${space.id} has no revision`);
  return { space, changeRequest: null, baseRevisionId: space.revisionId };
}
