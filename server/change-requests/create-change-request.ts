import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import { newId } from "../ids";
import { loadSpace, type SpaceAccess } from "../policies/access";
import { changeRequestInclude } from "./access";
import type { CreateChangeRequestInput } from "./schemas";
import { writeSpace } from "../spaces/write-space";
import { changeRequestRecord } from "./records";
import { authorize } from "../policies/authorize";

/** Opens a draft change request on the space's current content. */
export async function createChangeRequest(ctx: ServiceContext, spaceId: string, input: CreateChangeRequestInput) {
  return writeSpace(ctx, spaceId, { lock: "space" }, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const changeRequest = await openDraft(tx, ctx, access, events, input.subject ?? "");
    return changeRequestRecord(tx, access, changeRequest);
  });
}

/**
 * The draft change request itself, on the space's current content, for callers that hold the
 * space's lock (`writeSpace` with `lock: "space"`): refused without the edit permission.
 */
export async function openDraft(tx: Db, ctx: ServiceContext, access: SpaceAccess, events: EventRecorder, subject: string) {
  const { space, role } = access;
  authorize({ role }, "space.openChangeRequest", space);
  // The space's counter is incremented under its lock: concurrent creations get distinct numbers.
  const [counted] = await tx.$queryRaw<{ number: number; revision_id: string }[]>`
    UPDATE spaces SET change_requests = change_requests + 1, change_requests_draft = change_requests_draft + 1, updated_at = now()
    WHERE id = ${space.id} RETURNING change_requests AS number, revision_id`;
  const changeRequest = await tx.changeRequest.create({
    data: {
      id: newId(),
      spaceId: space.id,
      number: counted!.number,
      status: "draft",
      subject,
      createdById: ctx.actor.userId,
      revisionId: counted!.revision_id,
      revisionInitialId: counted!.revision_id,
    },
    include: changeRequestInclude,
  });
  events.record({ organizationId: space.organizationId, action: "change_request.created", target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` }, payload: { spaceId: space.id, subject: changeRequest.subject } });
  return changeRequest;
}
