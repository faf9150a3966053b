import { z } from "zod";

/**
 * The answers of Quire's webhook and event-feed operations. They are not in the reference, so
 * tests/helpers/server.ts cannot check them: each test parses what it gets with these (strict:
 * a field added without updating the README's description fails).
 */
const isoDate = z.iso.datetime({ offset: true });

export const webhookAnswer = z.strictObject({
  object: z.literal("webhook"),
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  active: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  urls: z.strictObject({ location: z.url() }),
});

export const webhookWithSecretAnswer = webhookAnswer.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9_-]{43}$/) });

export const webhookListAnswer = z.strictObject({ items: z.array(webhookAnswer), count: z.number().int() });

export const webhookTestAnswer = z.strictObject({ object: z.literal("webhook-test"), eventId: z.string(), deliveryId: z.string() });

export const deliveryAnswer = z.strictObject({
  object: z.literal("webhook-delivery"),
  id: z.string(),
  event: z.strictObject({ id: z.string(), type: z.string() }),
  status: z.enum(["pending", "success", "failed"]),
  attempts: z.number().int(),
  createdAt: isoDate,
  nextAttemptAt: isoDate.optional(),
  completedAt: isoDate.optional(),
  trace: z.array(
    z.strictObject({
      attempt: z.number().int(),
      url: z.string(),
      startedAt: isoDate,
      durationMs: z.number().int(),
      responseStatus: z.number().int().optional(),
      error: z.string().optional(),
    }),
  ),
});

const next = z.strictObject({ page: z.string() }).optional();

export const deliveryListAnswer = z.strictObject({ items: z.array(deliveryAnswer), next });

export const feedAnswer = z.strictObject({
  items: z.array(
    z.strictObject({
      object: z.literal("organization-event"),
      id: z.string(),
      type: z.string(),
      cursor: z.string(),
      createdAt: isoDate,
      payload: z.record(z.string(), z.unknown()),
    }),
  ),
  next,
});
