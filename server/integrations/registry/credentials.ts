import { randomBytes } from "node:crypto";
import { sealSecret } from "../../crypto/secret-box";
import { hashIntegrationToken, INTEGRATION_TOKEN_PREFIX } from "../tokens/resolve";

/**
 * An integration's credentials (COMMON contract 1): its token `qi_…`, stored as a SHA-256 hash with
 * its first 9 characters to recognize it by, and its signing secret `whsec_…`, stored sealed, with
 * which every delivery to it is signed. Both are shown once, when made.
 */
export type IntegrationCredentials = { token: string; signingSecret: string };

export const signingSecretContext = (integrationId: string) => `integration-signing:${integrationId}`;
export const secretsContext = (integrationId: string) => `integration-secrets:${integrationId}`;

export async function newIntegrationCredentials(integrationId: string) {
  const token = `${INTEGRATION_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const signingSecret = `whsec_${randomBytes(32).toString("base64url")}`;
  return {
    shown: { token, signingSecret } satisfies IntegrationCredentials,
    stored: {
      tokenHash: hashIntegrationToken(token),
      tokenPrefix: token.slice(0, 9),
      signingSecret: await sealSecret(signingSecret, signingSecretContext(integrationId)),
    },
  };
}

/** The `secrets` map as stored: sealed JSON, bound to the integration; null without any. */
export async function sealIntegrationSecrets(integrationId: string, secrets: Record<string, string> | undefined): Promise<string | null> {
  if (!secrets || Object.keys(secrets).length === 0) return null;
  return sealSecret(JSON.stringify(secrets), secretsContext(integrationId));
}
