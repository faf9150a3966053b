import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { newId } from "../ids";
import { changedEntries } from "../content/revision-size";
import { writeSpace } from "../spaces/write-space";
import { setMainRevision } from "../search/index-space";
import { changeRequestBase } from "../presenters/change-request";
import { changeRequestPermissions } from "../policies/change-request";
import { assertMergeRules } from "../reviews/merge-rules";
import { closeReviewThreads } from "../reviews/close-review-threads";
import { loadChangeRequest } from "./access";
import { recountStatus } from "./status-counts";
import { mergeRevisions, premergeBodies, type PremergedBodies } from "./three-way";
import type { MergeResolutions } from "./schemas-resolutions";
import { AppError, conflict } from "../errors";
import type { MergeConflicts } from "../content/merge/conflicts";
import { authorize } from "../policies/authorize";

/**
 * Merges a change request into the space's main content: a fast-forward when main has not moved
 * since the change request's base, else a three-way merge. A conflict (409) changes nothing.
 * Merges of one space run one at a time (a write that locks the space), so two change requests
 * touching the same page cannot both win: the second merges on top of the first or conflicts.
 * The space's merge rules (server/reviews/merge-rules.ts) must be met: else a 409 names the rule.
 * The threads reviews' messages opened close with it.
 */
export async function mergeChangeRequest(ctx: ServiceContext, spaceId: string, ref: string) {
  const { pages, premerged } = await prepareMerge(ctx, spaceId, ref, "merge");
  return writeSpace(ctx, spaceId, { lock: "space", pages }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorize(access, "changeRequest.merge", access);
    // Under the change request's lock: no review can slip in between this decision and the merge.
    await assertMergeRules(tx, access);

    const [main, base, proposed] = await revisions(tx, [space.revisionId!, changeRequestBase(changeRequest), changeRequest.revisionId]);
    const merged =
      main.id === base.id
        ? await fastForward(tx, { proposed, parents: [main.id, proposed.id], authorId: ctx.actor.userId })
        : await mergeRevisions(tx, { base, ours: main, theirs: proposed, type: "merge", authorId: ctx.actor.userId, premerged });

    await setMainRevision(tx, space, merged);
    await recountStatus(tx, spaceId, changeRequest.status, "merged");
    await tx.changeRequest.update({
      where: { id: changeRequest.id },
      data: { status: "merged", revisionMergedId: merged.id, mergedById: ctx.actor.userId, mergedAt: new Date() },
    });
    await closeReviewThreads(tx, events, { organizationId: space.organizationId, spaceId, changeRequestId: changeRequest.id, userId: ctx.actor.userId, now: new Date() });
    events.record({ organizationId: space.organizationId, action: "change_request.merged", target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` }, payload: { revision: merged.id, spaceId, changeRequestId: changeRequest.id } });
    return { revision: merged.id, result: "merge" as const };
  });
}

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

/**
 * What merging or updating the change request involves, read without locks before the write
 * (revisions are immutable): the size of its changes and main's since its base, and the merges of
 * the page bodies both changed (`premergeBodies`: the slow part, kept out of the lock; the write
 * makes again any whose versions moved on meanwhile). A change request that does not exist, or
 * that the caller cannot see, prepares nothing: the write then says so.
 */
async function prepareMerge(ctx: ServiceContext, spaceId: string, ref: string, type: "merge" | "update"): Promise<{ pages: number; premerged?: PremergedBodies }> {
  const access = await loadChangeRequest(db(), ctx.actor, spaceId, ref).catch(() => null);
  if (!access?.space.revisionId) return { pages: 0 };
  // No work for a caller the write will refuse.
  if (!changeRequestPermissions(access.role, access.space, access.changeRequest, access.userId)[type]) return { pages: 0 };
  const [main, base, proposed] = await revisions(db(), [access.space.revisionId, changeRequestBase(access.changeRequest), access.changeRequest.revisionId]);
  const [ours, theirs] = await Promise.all([changedEntries(db(), base, main), changedEntries(db(), base, proposed)]);
  // Only a three-way merge merges bodies: not a fast-forward, nor an update of a change request with no changes of its own.
  const threeWay = main.id !== base.id && proposed.id !== base.id;
  const sides = type === "merge" ? { ours: main, theirs: proposed } : { ours: proposed, theirs: main };
  return { pages: ours + theirs, premerged: threeWay ? await premergeBodies(db(), { base, ...sides, type }) : undefined };
}

/** The main revision, the change request's base and its current revision. */
async function revisions(tx: Db, ids: [string, string, string]): Promise<[Revision, Revision, Revision]> {
  const rows = await tx.revision.findMany({ where: { id: { in: ids } } });
  const find = (id: string) => rows.find((row) => row.id === id)!;
  return [find(ids[0]), find(ids[1]), find(ids[2])];
}

/** A merge revision whose content is the change request's, with both histories as parents. */
function fastForward(tx: Db, input: { proposed: Revision; parents: string[]; authorId: string }): Promise<Revision> {
  const { spaceId, root, variables } = input.proposed;
  return tx.revision.create({
    data: { id: newId(), spaceId, parents: input.parents, type: "merge", root, variables: variables ?? {}, authorId: input.authorId },
  });
}
