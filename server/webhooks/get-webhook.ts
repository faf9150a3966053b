import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadWebhook } from "./access";
import { presentWebhook } from "./webhook-records";

export async function getWebhook(ctx: ServiceContext, organizationId: string, webhookId: string) {
  return presentWebhook(await loadWebhook(db(), ctx, organizationId, webhookId), ctx.baseUrl);
}
