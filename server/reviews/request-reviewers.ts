import { loadChangeRequest } from "../change-requests/access";
import type { ServiceContext } from "../context";
import { fieldError } from "../errors";
import { authorize } from "../policies/authorize";
import { usersWithSpacePermission } from "../policies/space-roles";
import { writeSpace } from "../spaces/write-space";
import { peopleOf } from "./people";
import { requestedReviewerRecords } from "./records";
import type { RequestReviewersInput } from "./schemas";

/**
 * Asks members for their review of a change request (`requestReviewersForChangeRequest`): who may
 * change the change request (the edit role; its author has it) asks members who may review its
 * space, other than its author. Asking again is a no-op; `review.requested` names only the newly
 * asked. `subject` renames the change request on the way. Answers the requests of the named users.
 */
export async function requestReviewers(ctx: ServiceContext, spaceId: string, ref: string, input: RequestReviewersInput) {
  return writeSpace(ctx, spaceId, { lock: "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { space, changeRequest } = access;
    authorize(access, "changeRequest.requestReviewers", access);
    const users = [...new Set(input.users)];
    const reviewers = new Set(await usersWithSpacePermission(tx, space, users, "review"));
    for (const userId of users) {
      if (userId === changeRequest.createdById) throw fieldError("users", `${userId} opened this change request and cannot review it`);
      // The same words for a stranger and for a member without the role: nothing is learnt of who exists.
      if (!reviewers.has(userId)) throw fieldError("users", `${userId} is not a member who can review this space`);
    }
    const existing = new Set(
      (await tx.changeRequestReviewRequest.findMany({ where: { changeRequestId: changeRequest.id, userId: { in: users } }, select: { userId: true } })).map((row) => row.userId),
    );
    const added = users.filter((userId) => !existing.has(userId));
    const target = { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` };
    if (added.length > 0) {
      await tx.changeRequestReviewRequest.createMany({
        data: added.map((userId) => ({ changeRequestId: changeRequest.id, userId, requestedById: ctx.actor.userId, revisionId: changeRequest.revisionId })),
      });
      events.record({ organizationId: space.organizationId, action: "review.requested", target, payload: { spaceId, changeRequestId: changeRequest.id, users: added } });
    }
    if (input.subject !== undefined && input.subject !== changeRequest.subject) {
      await tx.changeRequest.update({ where: { id: changeRequest.id }, data: { subject: input.subject } });
      events.record({ organizationId: space.organizationId, action: "change_request.updated", target, payload: { subject: input.subject } });
    }
    if (added.length === 0 && (input.subject === undefined || input.subject === changeRequest.subject)) events.nothingChanged();
    const requests = await tx.changeRequestReviewRequest.findMany({ where: { changeRequestId: changeRequest.id, userId: { in: users } }, orderBy: [{ createdAt: "asc" }, { userId: "asc" }] });
    const people = await peopleOf(tx, requests.flatMap((request) => [request.userId, request.requestedById]));
    return { users: requestedReviewerRecords(requests, people) };
  });
}
