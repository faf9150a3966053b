import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { newId } from "../ids";
import { authorize } from "../policies/authorize";
import { changeRequestBase } from "./merge-base";
import { closeReviewThreads } from "../reviews/close-review-threads";
import { assertMergeRules } from "../reviews/merge-rules";
import { setMainRevision } from "../search/index-space";
import { writeSpace } from "../spaces/write-space";
import { loadChangeRequest } from "./access";
import { prepareMerge, revisions } from "./merge-preparation";
import { recountStatus } from "./status-counts";
import { mergeRevisions } from "./three-way";

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

/** A merge revision whose content is the change request's, with both histories as parents. */
function fastForward(tx: Db, input: { proposed: Revision; parents: string[]; authorId: string }): Promise<Revision> {
  const { spaceId, root, variables } = input.proposed;
  return tx.revision.create({
    data: { id: newId(), spaceId, parents: input.parents, type: "merge", root, variables: variables ?? {}, authorId: input.authorId },
  });
}
