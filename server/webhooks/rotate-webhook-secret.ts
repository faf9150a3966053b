import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadWebhook } from "./access";
import { newSecret, recordChange, sealWebhookSecret, type WebhookWithSecretRecord } from "./webhook-records";

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: ServiceContext, organizationId: string, webhookId: string): Promise<WebhookWithSecretRecord> {
  const secret = newSecret();
  const sealed = await sealWebhookSecret(webhookId, secret);
  const webhook = await writeChange(ctx, async (tx, events) => {
    await loadWebhook(tx, ctx, organizationId, webhookId);
    const updated = await tx.webhook.update({ where: { id: webhookId }, data: { secret: sealed, updatedAt: new Date() } });
    recordChange(events, updated, "webhook.updated", { changed: ["secret"] });
    return updated;
  });
  return { webhook, secret };
}
