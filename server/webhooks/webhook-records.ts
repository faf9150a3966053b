import { randomBytes } from "node:crypto";
import { sealSecret } from "../crypto/secret-box";
import type { Webhook } from "../db/generated/client";
import type { EventRecorder } from "../events/record-event";

/**
 * An organization's plain webhook endpoints (a Quire extension of /v1, not in the reference): a
 * URL that receives the organization's events, signed with a secret (`whsec_…`) shown once, when
 * the webhook is added or its secret is rotated, and stored sealed (context `webhook-secret:<id>`).
 * Writes record `webhook.*` domain events whose payloads never hold the secret.
 *
 * This module holds what the webhook operations (`<verb>-webhook.ts` beside it) share: its
 * signing secret and its change event. The /v1 shape is `server/presenters/webhook.ts`.
 */

/** A webhook with its signing secret in the clear: what adding one or rotating its secret returns, shown once. */
export type WebhookWithSecretRecord = { webhook: Webhook; secret: string };

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export const sealWebhookSecret = (webhookId: string, secret: string) => sealSecret(secret, `webhook-secret:${webhookId}`);

export function recordChange(events: EventRecorder, webhook: Webhook, action: "webhook.created" | "webhook.updated" | "webhook.deleted", extra: Record<string, unknown> = {}) {
  events.record({
    organizationId: webhook.organizationId,
    action,
    target: { type: "webhook", id: webhook.id, label: webhook.url },
    payload: { webhookId: webhook.id, url: webhook.url, eventTypes: webhook.eventTypes, active: webhook.active, ...extra },
  });
}
