import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { authorizeAuditLog, presentAuditEvent } from "./audit-log";

export async function getAuditEvent(ctx: ServiceContext, organizationId: string, auditEventId: string) {
  await authorizeAuditLog(ctx, organizationId);
  const event = await db().domainEvent.findFirst({ where: { id: auditEventId, organizationId } });
  if (!event) throw notFound(`No audit event ${auditEventId} in organization ${organizationId}.`);
  return { ...presentAuditEvent(event, ctx.baseUrl), schemaVersion: event.schemaVersion, payload: event.payload as Record<string, unknown>, ...(event.correlationId ? { correlationId: event.correlationId } : {}) };
}
