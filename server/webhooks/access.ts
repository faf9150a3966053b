import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import type { Webhook } from "../db/generated/client";
import { notFound } from "../errors";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/**
 * Webhooks, their deliveries and the organization's event feed are the organization admins': a
 * webhook receives every space's and site's events, which no narrower role may read. Integration
 * and installation tokens act as a bot user that is a member of no organization, so they get the
 * 404 of any outsider (their events come through their own installation's deliveries).
 */
export async function assertManagesWebhooks(tx: Db, ctx: ServiceContext, organizationId: string) {
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  authorize(access, "organization.manageWebhooks");
  return access;
}

/** A webhook of this organization; another organization's is as absent as a missing one. */
export async function loadWebhook(tx: Db, ctx: ServiceContext, organizationId: string, webhookId: string): Promise<Webhook> {
  await assertManagesWebhooks(tx, ctx, organizationId);
  const webhook = await tx.webhook.findFirst({ where: { id: webhookId, organizationId } });
  if (!webhook) throw notFound(`No webhook ${webhookId} in this organization.`);
  return webhook;
}
