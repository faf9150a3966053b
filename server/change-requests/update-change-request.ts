import type { ServiceContext } from "../context";
import { changeRequestInclude, loadChangeRequest } from "./access";
import type { UpdateChangeRequestInput } from "./schemas";
import { recountStatus } from "./status-counts";
import { writeSpace } from "../spaces/write-space";
import { changeRequestRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Changes a change request's subject or status within the moves the policy allows (merging has its
 * own operation; a merged change request no longer changes). Asking for the status it already has
 * changes nothing.
 */
export async function updateChangeRequest(ctx: ServiceContext, spaceId: string, ref: string, input: UpdateChangeRequestInput) {
  // A new status moves the change request between the space's counts: a write of the space row.
  return writeSpace(ctx, spaceId, { lock: input.status ? "space" : "changeRequests" }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    const { changeRequest } = access;
    authorize(access, "changeRequest.edit", { ...access, to: input.status });
    const status = input.status !== changeRequest.status ? input.status : undefined;
    const changes = { ...(input.subject !== undefined ? { subject: input.subject } : {}), ...(status ? { status } : {}) };
    if (Object.keys(changes).length === 0) {
      events.nothingChanged();
      return changeRequestRecord(tx, access, changeRequest);
    }
    if (status) await recountStatus(tx, spaceId, changeRequest.status, status);
    const updated = await tx.changeRequest.update({ where: { id: changeRequest.id }, data: changes, include: changeRequestInclude });
    events.record({ organizationId: access.space.organizationId, action: "change_request.updated", target: { type: "change_request", id: updated.id, label: `#${updated.number}` }, payload: { ...changes, ...(status ? { from: changeRequest.status } : {}) } });
    return changeRequestRecord(tx, access, updated);
  });
}
