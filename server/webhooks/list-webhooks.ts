import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { assertManagesWebhooks } from "./access";
import { presentWebhook } from "./webhook-records";

export async function listWebhooks(ctx: ServiceContext, organizationId: string) {
  await assertManagesWebhooks(db(), ctx, organizationId);
  const webhooks = await db().webhook.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  // An organization has a handful: the list is not paged, but keeps the list envelope.
  return { items: webhooks.map((webhook) => presentWebhook(webhook, ctx.baseUrl)), count: webhooks.length };
}
