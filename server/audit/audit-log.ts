import type { ServiceContext } from "../context";
import { db, type Prisma } from "../db/client";
import type { DomainEvent } from "../db/generated/client";
import { fieldError, notFound } from "../errors";
import { EVENT_CATALOG } from "../events/catalog";
import { loadOrganization } from "../policies/access";
import { apiUrl } from "../presenters/urls";
import type { ListAuditEventsParams } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * The organization's audit log: its domain events (server/events), newest first, as the
 * reference's AuditEvent. For the organization's admins only.
 */

async function authorizeAuditLog(ctx: ServiceContext, organizationId: string): Promise<void> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.readAuditLog");
}

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
    items: items.map((event) => presentAuditEvent(event, ctx.baseUrl)),
    count,
    ...(rows.length > params.limit && last ? { next: { page: encodeEventCursor(last) } } : {}),
  };
}

export async function getAuditEvent(ctx: ServiceContext, organizationId: string, auditEventId: string) {
  await authorizeAuditLog(ctx, organizationId);
  const event = await db().domainEvent.findFirst({ where: { id: auditEventId, organizationId } });
  if (!event) throw notFound(`No audit event ${auditEventId} in organization ${organizationId}.`);
  return { ...presentAuditEvent(event, ctx.baseUrl), schemaVersion: event.schemaVersion, payload: event.payload as Record<string, unknown>, ...(event.correlationId ? { correlationId: event.correlationId } : {}) };
}

export async function listAuditEventActions(ctx: ServiceContext, organizationId: string) {
  await authorizeAuditLog(ctx, organizationId);
  return { items: Object.entries(EVENT_CATALOG).map(([id, { label }]) => ({ object: "audit-event-action" as const, id, label })) };
}

function presentAuditEvent(event: DomainEvent, baseUrl: string) {
  return {
    object: "audit-event" as const,
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action,
    actor: { type: event.actorType, id: event.actorId, ...(event.actorLabel ? { label: event.actorLabel } : {}) },
    source: event.source,
    target: { type: event.targetType, id: event.targetId, ...(event.targetLabel ? { label: event.targetLabel } : {}) },
    urls: { location: apiUrl(baseUrl, `/orgs/${event.organizationId}/audit-events/${event.id}`) },
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
