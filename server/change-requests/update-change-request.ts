import type { ServiceContext } from "../context";
import { fieldError } from "../errors";
import { authorizeChangeRequest } from "../policies/change-request";
import { presentChangeRequest } from "../presenters/change-request";
import { changeRequestInclude, loadChangeRequest } from "./access";
import type { UpdateChangeRequestInput } from "./schemas";
import { recountStatus } from "./status-counts";
import { writeSpace } from "../spaces/write-space";
import { openChangeRequestCommentCount } from "../comments/counts";

/** Changes a change request's subject or status (draft, open, archived; merging has its own operation). */
export async function updateChangeRequest(ctx: ServiceContext, spaceId: string, ref: string, input: UpdateChangeRequestInput) {
  // A new status moves the change request between the space's counts: a write of the space row.
  return writeSpace(ctx, spaceId, { lock: input.status ? "space" : "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { changeRequest } = access;
    authorizeChangeRequest("edit", access);
    if (input.status && changeRequest.status === "merged") {
      throw fieldError("status", "A merged change request keeps its status");
    }
    if (input.status) await recountStatus(tx, spaceId, changeRequest.status, input.status);
    const updated = await tx.changeRequest.update({
      where: { id: changeRequest.id },
      data: { subject: input.subject, status: input.status },
      include: changeRequestInclude,
    });
    events.record({ organizationId: access.space.organizationId, action: "change_request.updated", target: { type: "change_request", id: updated.id, label: `#${updated.number}` }, payload: { ...input, ...(input.status ? { from: changeRequest.status } : {}) } });
    return presentChangeRequest(updated, access, ctx.baseUrl, await openChangeRequestCommentCount(tx, updated.spaceId, updated.id));
  });
}
