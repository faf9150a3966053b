import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { redeliverEvent } from "../integrations/events/redeliver-event";
import { redeliverFailedEvents } from "../integrations/events/redeliver-failed-events";
import { loadWebhook } from "./access";

/** Sends one of this webhook's deliveries again (a pending one is left as it is); a delivery of another webhook is 404 here. */
export async function redeliverWebhookDelivery(ctx: ServiceContext, organizationId: string, webhookId: string, deliveryId: string): Promise<void> {
  await loadWebhook(db(), ctx, organizationId, webhookId);
  const delivery = await db().eventDelivery.findFirst({ where: { id: deliveryId, webhookId }, select: { id: true } });
  if (!delivery) throw notFound(`No delivery ${deliveryId} of this webhook.`);
  await redeliverEvent(ctx, deliveryId);
}

/** Sends every failed delivery of this webhook again: `{ count }` of those sent. */
export const redeliverFailedWebhookDeliveries = (ctx: ServiceContext, organizationId: string, webhookId: string) => redeliverFailedEvents(ctx, { organizationId, webhookId });
