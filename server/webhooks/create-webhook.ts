import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { assertPublicDestination } from "../net/destination-check";
import { assertManagesWebhooks } from "./access";
import type { CreateWebhookInput } from "./schemas";
import { newSecret, recordChange, sealWebhookSecret, type WebhookWithSecretRecord } from "./webhook-records";

export async function createWebhook(ctx: ServiceContext, organizationId: string, input: CreateWebhookInput): Promise<WebhookWithSecretRecord> {
  await assertManagesWebhooks(db(), ctx, organizationId);
  await assertPublicDestination("url", input.url);
  const id = newId();
  const secret = newSecret();
  const sealed = await sealWebhookSecret(id, secret);
  const webhook = await writeChange(ctx, async (tx, events) => {
    await assertManagesWebhooks(tx, ctx, organizationId);
    const created = await tx.webhook.create({
      data: { id, organizationId, url: input.url, description: input.description, eventTypes: input.eventTypes, active: input.active, secret: sealed, createdById: ctx.actor.userId },
    });
    recordChange(events, created, "webhook.created");
    return created;
  });
  return { webhook, secret };
}
