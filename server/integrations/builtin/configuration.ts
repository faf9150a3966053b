import { configurationError } from "../configuration";
import { destinationProblem } from "../../net/destination-check";
import { MAX_WEBHOOK_URL_LENGTH, webhookUrlProblem } from "../../webhooks/schemas";
import { db } from "../../db/client";
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
    if (typeof secret === "string" && secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
      throw configurationError([{ property: "secret", problem: `must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters` }]);
    }
  }
  if (integrationName === CUSTOM_SCRIPT_INTEGRATION && typeof settings.snippet === "string") {
    const parsed = parseSnippet(settings.snippet);
    if ("problem" in parsed) throw configurationError([{ property: "snippet", problem: parsed.problem }]);
  }
}
