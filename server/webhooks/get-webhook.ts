import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadWebhook } from "./access";

export async function getWebhook(ctx: ServiceContext, organizationId: string, webhookId: string) {
  return loadWebhook(db(), ctx, organizationId, webhookId);
}
