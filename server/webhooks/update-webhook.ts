import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { writeChange } from "../events/write-change";
import { assertPublicDestination } from "../net/destination-check";
import { loadWebhook } from "./access";
import type { UpdateWebhookInput } from "./schemas";
import { recordChange } from "./webhook-records";

export async function updateWebhook(ctx: ServiceContext, organizationId: string, webhookId: string, input: UpdateWebhookInput) {
  // Resolving the URL's host takes a moment: after the caller is known to manage the webhook, before the transaction.
  await loadWebhook(db(), ctx, organizationId, webhookId);
  await assertPublicDestination("url", input.url);
  return writeChange(ctx, async (tx, events) => {
    const current = await loadWebhook(tx, ctx, organizationId, webhookId);
    const data: Prisma.WebhookUpdateInput = {};
    if (input.url !== undefined && input.url !== current.url) data.url = input.url;
    if (input.description !== undefined && input.description !== current.description) data.description = input.description;
    if (input.eventTypes !== undefined && input.eventTypes.join() !== current.eventTypes.join()) data.eventTypes = input.eventTypes;
    if (input.active !== undefined && input.active !== current.active) data.active = input.active;
    if (Object.keys(data).length === 0) {
      events.nothingChanged();
      return current;
    }
    const updated = await tx.webhook.update({ where: { id: webhookId }, data: { ...data, updatedAt: new Date() } });
    recordChange(events, updated, "webhook.updated", { changed: Object.keys(data) });
    return updated;
  });
}
