import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { assertManagesWebhooks } from "./access";
import { recordChange } from "./webhook-records";

/** Its deliveries go with it (cascade), pending ones included. Absent already: done (204 either way). */
export async function deleteWebhook(ctx: ServiceContext, organizationId: string, webhookId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    await assertManagesWebhooks(tx, ctx, organizationId);
    const webhook = await tx.webhook.findFirst({ where: { id: webhookId, organizationId } });
    if (!webhook) return events.nothingChanged();
    await tx.webhook.delete({ where: { id: webhookId } });
    recordChange(events, webhook, "webhook.deleted");
  });
}
