import type { DomainEvent } from "../db/generated/client";
import type { Urls } from "../http/urls";

/** A domain event as the reference's AuditEvent, in the audit log's lists. */
export function presentAuditEvent(event: DomainEvent, urls: Urls) {
  return {
    object: "audit-event" as const,
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action,
    actor: { type: event.actorType, id: event.actorId, ...(event.actorLabel ? { label: event.actorLabel } : {}) },
    source: event.source,
    target: { type: event.targetType, id: event.targetId, ...(event.targetLabel ? { label: event.targetLabel } : {}) },
    urls: { location: urls.auditEvent(event) },
  };
}

/** One audit event read alone: the list's fields, then its payload and what correlates it. */
export function presentAuditEventDetail(event: DomainEvent, urls: Urls) {
  return {
    ...presentAuditEvent(event, urls),
    schemaVersion: event.schemaVersion,
    payload: event.payload as Record<string, unknown>,
    ...(event.correlationId ? { correlationId: event.correlationId } : {}),
  };
}
