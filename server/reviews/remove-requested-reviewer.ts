import { loadChangeRequest } from "../change-requests/access";
import type { ServiceContext } from "../context";
import { authorize } from "../policies/authorize";
import { writeSpace } from "../spaces/write-space";

/** Withdraws the request for a user's review (`removeRequestedReviewerFromChangeRequest`); done already when there is none. */
export async function removeRequestedReviewer(ctx: ServiceContext, spaceId: string, ref: string, userId: string): Promise<void> {
  await writeSpace(ctx, spaceId, { lock: "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorize(access, "changeRequest.requestReviewers", access);
    const { count } = await tx.changeRequestReviewRequest.deleteMany({ where: { changeRequestId: changeRequest.id, userId } });
    if (count === 0) return events.nothingChanged();
    events.record({
      organizationId: space.organizationId,
      action: "review.request_removed",
      target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` },
      payload: { spaceId, changeRequestId: changeRequest.id, userId },
    });
  });
}
