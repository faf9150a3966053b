import { createHash, randomBytes } from "node:crypto";
import { sealSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createUser } from "../helpers/factories";

/** Integration, installation and webhook rows for delivery tests, inserted directly (the registry and installations have their own tests). */

const unique = () => randomBytes(5).toString("hex");

export async function createIntegrationRow(
  organizationId: string,
  options: { endpoint?: string | null; devTunnelUrl?: string | null; devAll?: boolean; scopes?: string[]; target?: string; visibility?: string } = {},
) {
  const id = newId();
  const bot = await createUser({ displayName: "Bot" });
  const signingSecret = `whsec_${randomBytes(32).toString("base64url")}`;
  const integration = await db().integration.create({
    data: {
      id,
      name: `test-${unique()}`,
      organizationId,
      botUserId: bot.id,
      title: "Test integration",
      description: "For delivery tests",
      visibility: options.visibility ?? "private",
      target: options.target ?? "all",
      scopes: options.scopes ?? [],
      endpoint: options.endpoint ?? null,
      devTunnelUrl: options.devTunnelUrl ?? null,
      devAll: options.devAll ?? false,
      tokenHash: createHash("sha256").update(randomBytes(16)).digest("hex"),
      tokenPrefix: "qi_test00",
      signingSecret: await sealSecret(signingSecret, `integration-signing:${id}`),
    },
  });
  return { integration, signingSecret };
}

export async function createInstallationRow(
  integrationId: string,
  organizationId: string,
  options: { spaceSelection?: "all" | "selected"; siteSelection?: "all" | "selected"; status?: string; spaces?: string[]; sites?: string[] } = {},
) {
  const installation = await db().integrationInstallation.create({
    data: {
      id: newId(),
      integrationId,
      organizationId,
      status: options.status ?? "active",
      spaceSelection: options.spaceSelection ?? "selected",
      siteSelection: options.siteSelection ?? "selected",
    },
  });
  for (const spaceId of options.spaces ?? []) {
    await db().integrationSpaceInstallation.create({ data: { installationId: installation.id, spaceId, status: "active" } });
  }
  for (const siteId of options.sites ?? []) {
    await db().integrationSiteInstallation.create({ data: { installationId: installation.id, siteId, status: "active" } });
  }
  return installation;
}

export async function createWebhookRow(organizationId: string, url: string, eventTypes: string[] = []) {
  const id = newId();
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const webhook = await db().webhook.create({
    data: { id, organizationId, url, eventTypes, secret: await sealSecret(secret, `webhook-secret:${id}`) },
  });
  return { webhook, secret };
}
