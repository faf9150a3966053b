import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { deliverEventsJob, subscriberKey, subscriberOf, type Subscriber } from "../../deliveries/job";
import { notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { writeChange } from "../../events/write-change";
import { enqueue } from "../../jobs/enqueue";
import { loadOrganization } from "../../policies/access";
import { loadIntegration } from "../load";
import { authorize } from "../../policies/authorize";

/**
 * Sends deliveries again (contract 5): one delivery, or every failed one of an integration or a
 * webhook. A delivery sent again becomes pending at its original place in its subscriber's order —
 * deliveries of that subscriber still pending wait behind it, as they did the first time — with a new
 * day of retries; its trace keeps the earlier attempts. Deliveries to an integration (its installations,
 * itself) are its admins' to send again; a webhook's, its organization's admins'. Recorded as
 * `event_delivery.redelivered` in the integration's owner organization, or the webhook's.
 */

type DeliveryRef = { id: string; integration_id: string | null; installation_id: string | null; webhook_id: string | null; organization_id: string; status: string };

export async function redeliverEvent(ctx: ServiceContext, deliveryId: string): Promise<{ id: string }> {
  return writeChange(ctx, async (tx, events) => {
    const [delivery] = await tx.$queryRaw<DeliveryRef[]>`
      SELECT id, integration_id, installation_id, webhook_id, organization_id, status FROM event_deliveries WHERE id = ${deliveryId} FOR UPDATE`;
    if (!delivery) throw notFound(`No delivery ${deliveryId}.`);
    const organizationId = await authorizeRedelivery(tx, ctx, delivery);
    if (delivery.status === "pending") {
      events.nothingChanged();
      return { id: delivery.id };
    }
    await reopen(tx, Prisma.sql`id = ${delivery.id}`);
    await wake(tx, [delivery]);
    record(events, organizationId, delivery, 1);
    return { id: delivery.id };
  });
}

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

/** Back to pending, due now, with a new day of retries counted from now. */
function reopen(tx: Db, where: Prisma.Sql) {
  return tx.$queryRaw<DeliveryRef[]>`
    UPDATE event_deliveries SET status = 'pending', next_attempt_at = now(), created_at = now(), completed_at = NULL
    WHERE ${where} AND status <> 'pending'
    RETURNING id, integration_id, installation_id, webhook_id, organization_id, status`;
}

async function wake(tx: Db, deliveries: DeliveryRef[]): Promise<void> {
  const subscribers = new Map<string, Subscriber>();
  for (const delivery of deliveries) {
    const subscriber = subscriberOf(delivery);
    subscribers.set(subscriberKey(subscriber), subscriber);
  }
  for (const subscriber of subscribers.values()) await enqueue(tx, deliverEventsJob, { subscriber });
}

/** Who may send a delivery again; returns the organization the redelivery is recorded in. */
async function authorizeRedelivery(tx: Db, ctx: ServiceContext, delivery: DeliveryRef): Promise<string> {
  if (delivery.webhook_id) {
    await authorizeWebhookAdmin(tx, ctx, delivery.organization_id);
    return delivery.organization_id;
  }
  const integration = await tx.integration.findUnique({ where: { id: delivery.integration_id! }, select: { name: true } });
  if (!integration) throw notFound(`No delivery ${delivery.id}.`);
  // A delivery of an integration the caller cannot see is "not found", as the integration is.
  const { integration: loaded, viewer } = await loadIntegration(tx, ctx.actor, integration.name).catch(() => {
    throw notFound(`No delivery ${delivery.id}.`);
  });
  authorize(viewer, "integration.admin");
  return loaded.organizationId;
}

async function authorizeWebhookAdmin(tx: Db, ctx: ServiceContext, organizationId: string): Promise<void> {
  const { memberRole } = await loadOrganization(tx, ctx.actor, organizationId);
  authorize({ memberRole }, "organization.redeliverWebhooks");
}

function record(events: EventRecorder, organizationId: string, delivery: DeliveryRef, count: number): void {
  events.record({
    organizationId,
    action: "event_delivery.redelivered",
    target: { type: "event_delivery", id: delivery.id },
    payload: { count, ...(delivery.webhook_id ? { webhookId: delivery.webhook_id } : { integrationId: delivery.integration_id, installationId: delivery.installation_id }) },
  });
}
