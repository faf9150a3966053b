import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { deliverEventsJob, subscriberKey, subscriberOf, type Subscriber } from "../../deliveries/job";
import { notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { enqueue } from "../../jobs/enqueue";
import { loadOrganization } from "../../policies/access";
import { authorize } from "../../policies/authorize";
import { loadIntegration } from "../load";

/**
 * Sends deliveries again (contract 5): one delivery, or every failed one of an integration or a
 * webhook. A delivery sent again becomes pending at its original place in its subscriber's order —
 * deliveries of that subscriber still pending wait behind it, as they did the first time — with a new
 * day of retries; its trace keeps the earlier attempts. Deliveries to an integration (its installations,
 * itself) are its admins' to send again; a webhook's, its organization's admins'. Recorded as
 * `event_delivery.redelivered` in the integration's owner organization, or the webhook's.
 */

export type DeliveryRef = { id: string; integration_id: string | null; installation_id: string | null; webhook_id: string | null; organization_id: string; status: string };

/** Back to pending, due now, with a new day of retries counted from now. */
export function reopen(tx: Db, where: Prisma.Sql) {
  return tx.$queryRaw<DeliveryRef[]>`
    UPDATE event_deliveries SET status = 'pending', next_attempt_at = now(), created_at = now(), completed_at = NULL
    WHERE ${where} AND status <> 'pending'
    RETURNING id, integration_id, installation_id, webhook_id, organization_id, status`;
}

export async function wake(tx: Db, deliveries: DeliveryRef[]): Promise<void> {
  const subscribers = new Map<string, Subscriber>();
  for (const delivery of deliveries) {
    const subscriber = subscriberOf(delivery);
    subscribers.set(subscriberKey(subscriber), subscriber);
  }
  for (const subscriber of subscribers.values()) await enqueue(tx, deliverEventsJob, { subscriber });
}

/** Who may send a delivery again; returns the organization the redelivery is recorded in. */
export async function authorizeRedelivery(tx: Db, ctx: ServiceContext, delivery: DeliveryRef): Promise<string> {
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

export async function authorizeWebhookAdmin(tx: Db, ctx: ServiceContext, organizationId: string): Promise<void> {
  const { memberRole } = await loadOrganization(tx, ctx.actor, organizationId);
  authorize({ memberRole }, "organization.redeliverWebhooks");
}

export function record(events: EventRecorder, organizationId: string, delivery: DeliveryRef, count: number): void {
  events.record({
    organizationId,
    action: "event_delivery.redelivered",
    target: { type: "event_delivery", id: delivery.id },
    payload: { count, ...(delivery.webhook_id ? { webhookId: delivery.webhook_id } : { integrationId: delivery.integration_id, installationId: delivery.installation_id }) },
  });
}
