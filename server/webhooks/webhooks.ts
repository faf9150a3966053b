import { randomBytes } from "node:crypto";
import type { ServiceContext } from "../context";
import { sealSecret } from "../crypto/secret-box";
import { db } from "../db/client";
import type { Prisma, Webhook } from "../db/generated/client";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { assertPublicDestination } from "../net/destination-check";
import { assertManagesWebhooks, loadWebhook } from "./access";
import type { CreateWebhookInput, UpdateWebhookInput } from "./schemas";

/**
 * An organization's plain webhook endpoints (a Quire extension of /v1, not in the reference): a
 * URL that receives the organization's events, signed with a secret (`whsec_…`) shown once, when
 * the webhook is added or its secret is rotated, and stored sealed (context `webhook-secret:<id>`).
 * Writes record `webhook.*` domain events whose payloads never hold the secret.
 */

export function presentWebhook(webhook: Webhook, baseUrl: string) {
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
    urls: { location: `${baseUrl}/v1/orgs/${webhook.organizationId}/webhooks/${webhook.id}` },
  };
}
export type WebhookObject = ReturnType<typeof presentWebhook>;
/** A webhook with its signing secret: the one answer that carries it. */
export type WebhookWithSecret = WebhookObject & { secret: string };

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

const sealWebhookSecret = (webhookId: string, secret: string) => sealSecret(secret, `webhook-secret:${webhookId}`);

function recordChange(events: EventRecorder, webhook: Webhook, action: "webhook.created" | "webhook.updated" | "webhook.deleted", extra: Record<string, unknown> = {}) {
  events.record({
    organizationId: webhook.organizationId,
    action,
    target: { type: "webhook", id: webhook.id, label: webhook.url },
    payload: { webhookId: webhook.id, url: webhook.url, eventTypes: webhook.eventTypes, active: webhook.active, ...extra },
  });
}

export async function listWebhooks(ctx: ServiceContext, organizationId: string) {
  await assertManagesWebhooks(db(), ctx, organizationId);
  const webhooks = await db().webhook.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  // An organization has a handful: the list is not paged, but keeps the list envelope.
  return { items: webhooks.map((webhook) => presentWebhook(webhook, ctx.baseUrl)), count: webhooks.length };
}

export async function getWebhook(ctx: ServiceContext, organizationId: string, webhookId: string) {
  return presentWebhook(await loadWebhook(db(), ctx, organizationId, webhookId), ctx.baseUrl);
}

export async function createWebhook(ctx: ServiceContext, organizationId: string, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  await assertManagesWebhooks(db(), ctx, organizationId);
  await assertPublicDestination("url", input.url);
  const id = newId();
  const secret = newSecret();
  const sealed = await sealWebhookSecret(id, secret);
  const webhook = await writeChange(ctx, async (tx, events) => {
    await assertManagesWebhooks(tx, ctx, organizationId);
    const created = await tx.webhook.create({
      data: { id, organizationId, url: input.url, description: input.description, eventTypes: input.eventTypes, active: input.active, secret: sealed, createdById: ctx.actor.userId },
    });
    recordChange(events, created, "webhook.created");
    return created;
  });
  return { ...presentWebhook(webhook, ctx.baseUrl), secret };
}

export async function updateWebhook(ctx: ServiceContext, organizationId: string, webhookId: string, input: UpdateWebhookInput) {
  // Resolving the URL's host takes a moment: after the caller is known to manage the webhook, before the transaction.
  await loadWebhook(db(), ctx, organizationId, webhookId);
  await assertPublicDestination("url", input.url);
  const webhook = await writeChange(ctx, async (tx, events) => {
    const current = await loadWebhook(tx, ctx, organizationId, webhookId);
    const data: Prisma.WebhookUpdateInput = {};
    if (input.url !== undefined && input.url !== current.url) data.url = input.url;
    if (input.description !== undefined && input.description !== current.description) data.description = input.description;
    if (input.eventTypes !== undefined && input.eventTypes.join() !== current.eventTypes.join()) data.eventTypes = input.eventTypes;
    if (input.active !== undefined && input.active !== current.active) data.active = input.active;
    if (Object.keys(data).length === 0) {
      events.nothingChanged();
      return current;
    }
    const updated = await tx.webhook.update({ where: { id: webhookId }, data: { ...data, updatedAt: new Date() } });
    recordChange(events, updated, "webhook.updated", { changed: Object.keys(data) });
    return updated;
  });
  return presentWebhook(webhook, ctx.baseUrl);
}

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: ServiceContext, organizationId: string, webhookId: string): Promise<WebhookWithSecret> {
  const secret = newSecret();
  const sealed = await sealWebhookSecret(webhookId, secret);
  const webhook = await writeChange(ctx, async (tx, events) => {
    await loadWebhook(tx, ctx, organizationId, webhookId);
    const updated = await tx.webhook.update({ where: { id: webhookId }, data: { secret: sealed, updatedAt: new Date() } });
    recordChange(events, updated, "webhook.updated", { changed: ["secret"] });
    return updated;
  });
  return { ...presentWebhook(webhook, ctx.baseUrl), secret };
}

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
