import type { ServiceContext } from "../context";
import { db, type Prisma } from "../db/client";
import type { DomainEvent } from "../db/generated/client";
import { fieldError } from "../errors";
import { authorizeAuditLog } from "./audit-log";
import type { ListAuditEventsParams } from "./schemas";

export async function listAuditEvents(ctx: ServiceContext, organizationId: string, params: ListAuditEventsParams) {
  await authorizeAuditLog(ctx, organizationId);
  const where: Prisma.DomainEventWhereInput = {
    organizationId,
    ...(params.action ? { action: params.action } : {}),
    ...(params.actor ? { actorId: params.actor } : {}),
    ...(params.target ? { targetId: params.target } : {}),
    occurredAt: { ...(params.from ? { gte: new Date(params.from) } : {}), ...(params.to ? { lte: new Date(params.to) } : {}) },
  };
  const after = params.page === undefined ? undefined : decodeEventCursor(params.page);
  const [rows, count] = await Promise.all([
    db().domainEvent.findMany({
      where: after
        ? { AND: [where, { OR: [{ occurredAt: { lt: after.occurredAt } }, { occurredAt: after.occurredAt, id: { lt: after.id } }] }] }
        : where,
      orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
      take: params.limit + 1,
    }),
    db().domainEvent.count({ where }),
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  return {
    items,
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeEventCursor(last) } } : {}),
  };
}

/** Keyset cursor of the newest-first order: the last event's time and id. */
function encodeEventCursor(event: Pick<DomainEvent, "occurredAt" | "id">): string {
  return Buffer.from(`${event.occurredAt.getTime()}_${event.id}`, "utf8").toString("base64url");
}

function decodeEventCursor(page: string): { occurredAt: Date; id: string } {
  const match = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(Buffer.from(page, "base64url").toString("utf8"));
  if (!match) throw fieldError("page", "Not a valid page cursor");
  return { occurredAt: new Date(Number(match[1])), id: match[2]! };
}
