import { z } from "zod";
import { listWebhookDeliveries } from "../../webhooks/deliveries";
import { redeliverFailedWebhookDeliveries, redeliverWebhookDelivery } from "../../webhooks/redeliver";
import { createWebhookInput, deliveryPath, DELIVERY_STATUSES, organizationPath, updateWebhookInput, webhookPath } from "../../webhooks/schemas";
import { sendWebhookTest } from "../../webhooks/test-send";
import { createWebhook } from "../../webhooks/create-webhook";
import { deleteWebhook } from "../../webhooks/delete-webhook";
import { listWebhooks } from "../../webhooks/list-webhooks";
import { rotateWebhookSecret } from "../../webhooks/rotate-webhook-secret";
import { updateWebhook } from "../../webhooks/update-webhook";
import { presentWebhook, presentWebhookWithSecret } from "../../presenters/webhook";
import { protectedProcedure, router } from "../init";

/** The webhooks page: the same services and input schemas as /v1's webhook operations. */
export const webhooksRouter = router({
  list: protectedProcedure.input(organizationPath).query(async ({ ctx, input }) => {
    const { items, count } = await listWebhooks(ctx, input.organizationId);
    return { items: items.map((webhook) => presentWebhook(webhook, ctx.urls)), count };
  }),
  create: protectedProcedure
    .input(organizationPath.extend(createWebhookInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...body } }) => presentWebhookWithSecret(await createWebhook(ctx, organizationId, body), ctx.urls)),
  update: protectedProcedure
    .input(webhookPath.extend(updateWebhookInput.shape))
    .mutation(async ({ ctx, input: { organizationId, webhookId, ...body } }) => presentWebhook(await updateWebhook(ctx, organizationId, webhookId, body), ctx.urls)),
  rotateSecret: protectedProcedure.input(webhookPath).mutation(async ({ ctx, input }) => presentWebhookWithSecret(await rotateWebhookSecret(ctx, input.organizationId, input.webhookId), ctx.urls)),
  delete: protectedProcedure.input(webhookPath).mutation(({ ctx, input }) => deleteWebhook(ctx, input.organizationId, input.webhookId)),
  test: protectedProcedure.input(webhookPath).mutation(({ ctx, input }) => sendWebhookTest(ctx, input.organizationId, input.webhookId)),
  deliveries: protectedProcedure
    .input(webhookPath.extend({ cursor: z.string().max(200).optional(), limit: z.number().int().min(1).max(100).default(20), status: z.enum(DELIVERY_STATUSES).optional() }))
    .query(({ ctx, input: { organizationId, webhookId, cursor, ...query } }) => listWebhookDeliveries(ctx, organizationId, webhookId, { ...query, page: cursor })),
  redeliver: protectedProcedure.input(deliveryPath).mutation(({ ctx, input }) => redeliverWebhookDelivery(ctx, input.organizationId, input.webhookId, input.deliveryId)),
  redeliverFailed: protectedProcedure.input(webhookPath).mutation(({ ctx, input }) => redeliverFailedWebhookDeliveries(ctx, input.organizationId, input.webhookId)),
});
