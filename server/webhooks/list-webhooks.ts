import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { assertManagesWebhooks } from "./access";

export async function listWebhooks(ctx: ServiceContext, organizationId: string) {
  await assertManagesWebhooks(db(), ctx, organizationId);
  const webhooks = await db().webhook.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  // An organization has a handful: the list is not paged, but keeps the list envelope.
  return { items: webhooks, count: webhooks.length };
}
