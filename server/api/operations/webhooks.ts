import { listWebhookDeliveries, deliveriesQuery } from "../../webhooks/deliveries";
import { redeliverWebhookDelivery, redeliverFailedWebhookDeliveries } from "../../webhooks/redeliver";
import { createWebhookInput, deliveryPath, organizationPath, updateWebhookInput, webhookPath } from "../../webhooks/schemas";
import { sendWebhookTest } from "../../webhooks/test-send";
import { createWebhook } from "../../webhooks/create-webhook";
import { deleteWebhook } from "../../webhooks/delete-webhook";
import { getWebhook } from "../../webhooks/get-webhook";
import { listWebhooks } from "../../webhooks/list-webhooks";
import { rotateWebhookSecret } from "../../webhooks/rotate-webhook-secret";
import { updateWebhook } from "../../webhooks/update-webhook";
import { presentWebhook, presentWebhookWithSecret } from "../../presenters/webhook";
import { defineOperation } from "../operation";

/**
 * An organization's webhooks: Quire's own operations, not in the reference (README, "Webhooks and
 * the event feed"). Organization admins only. A webhook is `{ object: "webhook", id, url,
 * description, eventTypes (empty: all), active, createdAt, updatedAt, urls }`; creating one and
 * rotating its secret also answer `secret` (`whsec_…`), the only time it is shown.
 */
export const webhookOperations = [
  defineOperation({
    // GET /v1/orgs/{organizationId}/webhooks → { items: Webhook[], count }
    operationId: "listOrganizationWebhooks",
    method: "GET",
    path: "/v1/orgs/{organizationId}/webhooks",
    params: organizationPath,
    handler: async (c) => {
      const { items, count } = await listWebhooks(c, c.params.organizationId);
      return { items: items.map((webhook) => presentWebhook(webhook, c.urls)), count };
    },
  }),
  defineOperation({
    // body { url, description?, eventTypes?, active? } → 201 Webhook & { secret }
    operationId: "createOrganizationWebhook",
    method: "POST",
    path: "/v1/orgs/{organizationId}/webhooks",
    params: organizationPath,
    body: createWebhookInput,
    status: 201,
    handler: async (c) => presentWebhookWithSecret(await createWebhook(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getOrganizationWebhook",
    method: "GET",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
    params: webhookPath,
    handler: async (c) => presentWebhook(await getWebhook(c, c.params.organizationId, c.params.webhookId), c.urls),
  }),
  defineOperation({
    // body: any of { url, description, eventTypes, active } → Webhook
    operationId: "updateOrganizationWebhook",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
    params: webhookPath,
    body: updateWebhookInput,
    handler: async (c) => presentWebhook(await updateWebhook(c, c.params.organizationId, c.params.webhookId, c.body), c.urls),
  }),
  defineOperation({
    // 204, whether it existed or not; its deliveries go with it.
    operationId: "deleteOrganizationWebhook",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}",
    params: webhookPath,
    status: 204,
    handler: (c) => deleteWebhook(c, c.params.organizationId, c.params.webhookId),
  }),
  defineOperation({
    // → Webhook & { secret }: the new secret, shown once; the old one no longer signs.
    operationId: "rotateOrganizationWebhookSecret",
    method: "POST",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/secret",
    params: webhookPath,
    handler: async (c) => presentWebhookWithSecret(await rotateWebhookSecret(c, c.params.organizationId, c.params.webhookId), c.urls),
  }),
  defineOperation({
    // Sends a `ping` event to this webhook alone → 201 { object: "webhook-test", eventId, deliveryId }
    operationId: "testOrganizationWebhook",
    method: "POST",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/test",
    params: webhookPath,
    status: 201,
    handler: (c) => sendWebhookTest(c, c.params.organizationId, c.params.webhookId),
  }),
  defineOperation({
    // page, limit, status (pending | success | failed) → { items: WebhookDelivery[], next? }, newest first;
    // a delivery is { id, event: { id, type }, status, attempts, createdAt, nextAttemptAt?, completedAt?, trace: Attempt[] }.
    operationId: "listOrganizationWebhookDeliveries",
    method: "GET",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries",
    params: webhookPath,
    query: deliveriesQuery,
    handler: (c) => listWebhookDeliveries(c, c.params.organizationId, c.params.webhookId, c.query),
  }),
  defineOperation({
    // Sends the delivery's event again (a new attempt now) → 204
    operationId: "redeliverOrganizationWebhookDelivery",
    method: "POST",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
    params: deliveryPath,
    status: 204,
    handler: (c) => redeliverWebhookDelivery(c, c.params.organizationId, c.params.webhookId, c.params.deliveryId),
  }),
  defineOperation({
    // Sends every failed delivery of this webhook again → { count }
    operationId: "redeliverFailedOrganizationWebhookDeliveries",
    method: "POST",
    path: "/v1/orgs/{organizationId}/webhooks/{webhookId}/redeliver-failed",
    params: webhookPath,
    handler: (c) => redeliverFailedWebhookDeliveries(c, c.params.organizationId, c.params.webhookId),
  }),
];
