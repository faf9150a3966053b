import { configurationError } from "../configuration";
import { destinationProblem } from "../../net/destination-check";
import { MAX_WEBHOOK_URL_LENGTH, webhookUrlProblem } from "../../webhooks/schemas";
import { db } from "../../db/client";
import { sealSecret } from "../../crypto/secret-box";
import { CUSTOM_SCRIPT_INTEGRATION, SYSTEM_ORGANIZATION_ID, WEBHOOK_INTEGRATION } from "./definitions";
import { parseSnippet } from "./snippet";

/** Shortest signing secret a Webhook installation takes. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/**
 * What a built-in integration asks of a configuration beyond its schema's types, checked before
 * the installation's write (resolving the URL's host may take a moment): the Webhook's URL as a
 * webhook's (http(s), no credentials, no private address unless allowlisted) and its secret's
 * length; the Custom script's snippet (snippet.ts). A 400 names the setting, as the schema's own
 * refusals do, so the configuration form shows it at its field. Other integrations: nothing.
 */
export async function checkBuiltinConfiguration(integrationName: string, configuration: unknown): Promise<void> {
  if (typeof configuration !== "object" || configuration === null) return; // the schema's check refuses it
  if (integrationName !== WEBHOOK_INTEGRATION && integrationName !== CUSTOM_SCRIPT_INTEGRATION) return;
  const owner = await db().integration.findUnique({ where: { name: integrationName }, select: { organizationId: true } });
  if (owner?.organizationId !== SYSTEM_ORGANIZATION_ID) return;
  const settings = configuration as Record<string, unknown>;
  if (integrationName === WEBHOOK_INTEGRATION) {
    const { url, secret } = settings;
    if (typeof url === "string") {
      const problem = url.length > MAX_WEBHOOK_URL_LENGTH ? `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` : (webhookUrlProblem(url) ?? (await destinationProblem(url)));
      if (problem) throw configurationError([{ property: "url", problem }]);
    }
    if (typeof secret === "string" && secret !== "" && secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
      throw configurationError([{ property: "secret", problem: `must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters` }]);
    }
  }
  if (integrationName === CUSTOM_SCRIPT_INTEGRATION && typeof settings.snippet === "string") {
    const parsed = parseSnippet(settings.snippet);
    if ("problem" in parsed) throw configurationError([{ property: "snippet", problem: parsed.problem }]);
  }
}

/** What the Webhook's signing secret is sealed with (bound to its purpose: it opens nowhere else). */
export const WEBHOOK_SECRET_CONTEXT = "builtin-webhook-secret";

/**
 * The Webhook's signing secret is never shown back (withoutBuiltinSecrets), so a configuration
 * sent without it, or with it empty, means "keep the stored one": this gives the stored (sealed)
 * secret to what is validated. Other integrations' configurations pass unchanged.
 */
export function keepStoredSecret(integrationName: string, incoming: unknown, stored: unknown): unknown {
  if (integrationName !== WEBHOOK_INTEGRATION || typeof incoming !== "object" || incoming === null) return incoming;
  const { secret, ...rest } = incoming as Record<string, unknown>;
  if (typeof secret === "string" && secret !== "") return incoming;
  const kept = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>).secret : undefined;
  return typeof kept === "string" ? { ...rest, secret: kept } : rest;
}

/**
 * The validated configuration as stored: a signing secret the caller sent is sealed, as every
 * secret here is (deliveries open it); one kept from before is sealed already.
 */
export async function builtinConfigurationToStore(integrationName: string, validated: unknown, incoming: unknown): Promise<unknown> {
  if (integrationName !== WEBHOOK_INTEGRATION || typeof validated !== "object" || validated === null) return validated;
  const sent = typeof incoming === "object" && incoming !== null ? (incoming as Record<string, unknown>).secret : undefined;
  if (typeof sent !== "string" || sent === "") return validated;
  return { ...(validated as Record<string, unknown>), secret: await sealSecret(sent, WEBHOOK_SECRET_CONTEXT) };
}

/**
 * A configuration as anyone is shown it (answers, events, the audit log): the built-in Webhook's
 * signing secret left out. It is the admin's to keep; the installation only holds it sealed.
 */
export function withoutBuiltinSecrets(integrationName: string, configuration: unknown): unknown {
  if (integrationName !== WEBHOOK_INTEGRATION || typeof configuration !== "object" || configuration === null) return configuration;
  const { secret: _secret, ...rest } = configuration as Record<string, unknown>;
  return rest;
}
