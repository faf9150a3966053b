import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/**
 * The organization's audit log: its domain events (server/events), newest first, as the
 * reference's AuditEvent (server/presenters/audit-event.ts). For the organization's admins only.
 */

export async function authorizeAuditLog(ctx: ServiceContext, organizationId: string): Promise<void> {
  const { memberRole } = await loadOrganization(db(), ctx.actor, organizationId);
  authorize({ memberRole }, "organization.readAuditLog");
}
