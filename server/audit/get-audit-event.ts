import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { DomainEvent } from "../db/generated/client";
import { notFound } from "../errors";
import { authorizeAuditLog } from "./audit-log";

export async function getAuditEvent(ctx: ServiceContext, organizationId: string, auditEventId: string): Promise<DomainEvent> {
  await authorizeAuditLog(ctx, organizationId);
  const event = await db().domainEvent.findFirst({ where: { id: auditEventId, organizationId } });
  if (!event) throw notFound(`No audit event ${auditEventId} in organization ${organizationId}.`);
  return event;
}
