import type { Db } from "../db/client";
import type { ChangeEvent } from "../events/record-event";
import { notifyLive } from "./messages";

/**
 * Tells every app server, at commit, that a site changed (events whose payload names its `siteId`:
 * the servers' published copies of it are stale), and that a space changed: its id from the event's payload
 * (`spaceId`, as every discussion and review event carries) or its target (a space, a change request).
 * Events of no space (an organization's settings, its members) concern no open screen.
 */
export async function publishEvent(tx: Db, event: ChangeEvent): Promise<void> {
  const payload = event.payload ?? {};
  if (typeof payload.siteId === "string") await notifyLive(tx, { topic: "site", siteId: payload.siteId });
  let spaceId = typeof payload.spaceId === "string" ? payload.spaceId : event.target.type === "space" ? event.target.id : null;
  let changeRequestId = typeof payload.changeRequestId === "string" ? payload.changeRequestId : null;
  if (event.target.type === "change_request") {
    changeRequestId ??= event.target.id;
    spaceId ??= (await tx.changeRequest.findUnique({ where: { id: event.target.id }, select: { spaceId: true } }))?.spaceId ?? null;
  }
  if (!spaceId) return;
  await notifyLive(tx, { topic: "space", action: event.action, organizationId: event.organizationId, spaceId, changeRequestId });
}
