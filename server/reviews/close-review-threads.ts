import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";

/**
 * Resolves the threads that reviews' messages opened on a change request, as its merge makes them
 * answered: run in the merge's transaction, so a merged change request never leaves one open, and
 * each closed thread records `comment.resolved` (by whoever merged) like one closed by hand.
 * Other threads are people's discussions: they stay as they are (a merge rule may require them
 * resolved first).
 */
export async function closeReviewThreads(tx: Db, events: EventRecorder, input: { organizationId: string; spaceId: string; changeRequestId: string; userId: string; now: Date }) {
  const { organizationId, spaceId, changeRequestId } = input;
  const closed = await tx.comment.updateManyAndReturn({
    where: { spaceId, changeRequestId, reviewId: { not: null }, resolvedAt: null },
    data: { resolvedAt: input.now, resolvedById: input.userId },
    select: { id: true },
  });
  for (const { id } of closed) {
    events.record({ organizationId, action: "comment.resolved", target: { type: "comment", id }, payload: { spaceId, changeRequestId, commentId: id } });
  }
}
