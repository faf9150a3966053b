import type { MergeConflicts } from "../content/merge/conflicts";
import type { ServiceContext } from "../context";
import type { Revision } from "../db/generated/client";
import { AppError, conflict } from "../errors";
import { authorize } from "../policies/authorize";
import { changeRequestBase } from "./merge-base";
import { writeSpace } from "../spaces/write-space";
import { loadChangeRequest } from "./access";
import { prepareMerge, revisions } from "./merge-preparation";
import type { MergeResolutions } from "./schemas-resolutions";
import { mergeRevisions } from "./three-way";

/**
 * Brings the space's main content into a change request (the reverse three-way merge), so that
 * it is no longer outdated; `revisionMergedAncestor` becomes the main revision taken in. With
 * `resolutions`, the conflicts it has are resolved as they say; they must have been made against
 * the current main and change request revisions, else a 409 gives the conflicts as they are now.
 */
export async function updateChangeRequestFromMain(ctx: ServiceContext, spaceId: string, ref: string, resolutions?: MergeResolutions) {
  const { pages, premerged } = await prepareMerge(ctx, spaceId, ref, "update");
  return writeSpace(ctx, spaceId, { lock: "changeRequests", pages }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorize(access, "changeRequest.update", access);
    const [main, base, proposed] = await revisions(tx, [space.revisionId!, changeRequestBase(changeRequest), changeRequest.revisionId]);
    const merge = (withResolutions?: MergeResolutions) =>
      mergeRevisions(tx, { base, ours: proposed, theirs: main, type: "update", authorId: ctx.actor.userId, changeRequestId: changeRequest.id, resolutions: withResolutions, premerged });
    if (resolutions && (resolutions.revisions.main !== main.id || resolutions.revisions.changeRequest !== proposed.id)) throw await staleResolutions(merge);
    // Resolutions are checked even then: a page they name is not in conflict.
    if (main.id === base.id && !resolutions) {
      events.nothingChanged();
      return { revision: proposed.id, result: "update" as const };
    }
    const updated = proposed.id === base.id && !resolutions ? main : await merge(resolutions);
    await tx.changeRequest.update({ where: { id: changeRequest.id }, data: { revisionId: updated.id, revisionMergedAncestorId: main.id } });
    events.record({
      organizationId: space.organizationId,
      action: "change_request.updated_from_main",
      target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` },
      payload: { revision: updated.id, main: main.id, ...(resolutions ? { resolved: resolutions.pages.map((page) => page.id) } : {}) },
    });
    return { revision: updated.id, result: "update" as const };
  });
}

const STALE = "The space or this change request changed since these conflicts were found: here they are as they are now; resolve them again.";

/** The 409 of resolutions made against older revisions, with the conflicts as they are now (the write is rolled back in any case). */
async function staleResolutions(merge: () => Promise<Revision>): Promise<AppError> {
  try {
    await merge();
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") return conflict(STALE, error.details);
    throw error;
  }
  return conflict("The space or this change request changed since these conflicts were found, and they no longer conflict: update from main again.", {
    pages: [],
    files: [],
    variables: [],
  } satisfies MergeConflicts);
}
