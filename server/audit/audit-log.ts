import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { DomainEvent } from "../db/generated/client";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";
import { apiUrl } from "../presenters/urls";

/**
 * The organization's audit log: its domain events (server/events), newest first, as the
 * reference's AuditEvent. For the organization's admins only.
 */

export async function authorizeAuditLog(ctx: ServiceContext, organizationId: string): Promise<void> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.readAuditLog");
}

export function presentAuditEvent(event: DomainEvent, baseUrl: string) {
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
