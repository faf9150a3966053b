import type { ServiceContext } from "../context";
import { EVENT_CATALOG } from "../events/catalog";
import { authorizeAuditLog } from "./audit-log";

export async function listAuditEventActions(ctx: ServiceContext, organizationId: string) {
  await authorizeAuditLog(ctx, organizationId);
  return { items: Object.entries(EVENT_CATALOG).map(([id, { label }]) => ({ object: "audit-event-action" as const, id, label })) };
}
