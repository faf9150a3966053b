import type { Db } from "../db/client";
import type { CommittedEvent } from "../events/subscriber";
import { notifyLive } from "./messages";

function idIn(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key];
  return typeof value === "string" ? value : null;
}

/**
 * Tells every app server, at the commit of the dispatcher's batch, that a site changed (events whose
 * payload names its `siteId`: the servers' published copies of it are stale), and that a space
 * changed: its id from the event's payload (`spaceId`, as every discussion and review event carries)
 * or its target (a space, a change request). Events of no space (an organization's settings, its
 * members) concern no open screen.
 */
export async function publishEvent(tx: Db, event: CommittedEvent): Promise<void> {
  // Any action's payload may name a site or a space: read as a plain record.
  const payload: Record<string, unknown> = event.payload;
  const siteId = idIn(payload, "siteId");
  if (siteId) await notifyLive(tx, { topic: "site", siteId });
  let spaceId = idIn(payload, "spaceId") ?? (event.target.type === "space" ? event.target.id : null);
  let changeRequestId = idIn(payload, "changeRequestId");
  if (event.target.type === "change_request") {
    changeRequestId ??= event.target.id;
    spaceId ??= (await tx.changeRequest.findUnique({ where: { id: event.target.id }, select: { spaceId: true } }))?.spaceId ?? null;
  }
  if (!spaceId) return;
  await notifyLive(tx, { topic: "space", action: event.action, organizationId: event.organizationId, spaceId, changeRequestId });
}
