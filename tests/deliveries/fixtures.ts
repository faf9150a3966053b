import { randomBytes } from "node:crypto";
import { sealSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";

/** A webhook row for delivery tests, inserted directly with the secret it signs with (the webhooks helper tests its service). */

export async function createWebhookRow(organizationId: string, url: string, eventTypes: string[] = []) {
  const id = newId();
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const webhook = await db().webhook.create({
    data: { id, organizationId, url, eventTypes, secret: await sealSecret(secret, `webhook-secret:${id}`) },
  });
  return { webhook, secret };
}
