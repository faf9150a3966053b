import type { ServiceContext } from "../../context";
import { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import { writeChange } from "../../events/write-change";
import { authorize } from "../../policies/authorize";
import { loadIntegration } from "../load";
import { authorizeWebhookAdmin, reopen, wake } from "./redelivery";

export type RedeliverFailedTarget = { integrationName: string } | { organizationId: string; webhookId: string };

export async function redeliverFailedEvents(ctx: ServiceContext, target: RedeliverFailedTarget): Promise<{ count: number }> {
  return writeChange(ctx, async (tx, events) => {
    let where: Prisma.Sql;
    let organizationId: string;
    let label: { type: string; id: string; label?: string };
    if ("integrationName" in target) {
      const { integration, viewer } = await loadIntegration(tx, ctx.actor, target.integrationName);
      authorize(viewer, "integration.admin");
      where = Prisma.sql`integration_id = ${integration.id}`;
      organizationId = integration.organizationId;
      label = { type: "integration", id: integration.id, label: integration.title };
    } else {
      await authorizeWebhookAdmin(tx, ctx, target.organizationId);
      const webhook = await tx.webhook.findFirst({ where: { id: target.webhookId, organizationId: target.organizationId } });
      if (!webhook) throw notFound(`No webhook ${target.webhookId} in organization ${target.organizationId}.`);
      where = Prisma.sql`webhook_id = ${webhook.id}`;
      organizationId = webhook.organizationId;
      label = { type: "webhook", id: webhook.id, label: webhook.url };
    }
    const reopened = await reopen(tx, Prisma.sql`${where} AND status = 'failed'`);
    if (reopened.length === 0) {
      events.nothingChanged();
      return { count: 0 };
    }
    await wake(tx, reopened);
    events.record({ organizationId, action: "event_delivery.redelivered", target: label, payload: { count: reopened.length } });
    return { count: reopened.length };
  });
}
