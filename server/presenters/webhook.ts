import type { Webhook } from "../db/generated/client";
import type { Urls } from "../http/urls";
import type { WebhookWithSecretRecord } from "../webhooks/webhook-records";

/** A webhook as /v1 and the webhooks page show it; never its secret. */
export function presentWebhook(webhook: Webhook, urls: Urls) {
  return {
    object: "webhook" as const,
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    /** Empty: every event type. */
    eventTypes: webhook.eventTypes,
    active: webhook.active,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
    urls: { location: urls.api(`/orgs/${webhook.organizationId}/webhooks/${webhook.id}`) },
  };
}

/** The one answer that carries a webhook's signing secret: when it is added or its secret rotated. */
export const presentWebhookWithSecret = ({ webhook, secret }: WebhookWithSecretRecord, urls: Urls) => ({ ...presentWebhook(webhook, urls), secret });
