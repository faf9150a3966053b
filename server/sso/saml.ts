import { SAML, ValidateInResponseTo, type CacheProvider } from "@node-saml/node-saml";
import { db } from "../db/client";
import type { SamlProvider } from "../db/generated/client";
import { serviceProviderOf } from "./service-provider";

/**
 * The SAML protocol, by @node-saml/node-saml: it writes the AuthnRequests and checks the answers —
 * the XML signature against the provider's certificate (with xml-crypto), the audience, the time
 * window and that the answer is to a request we sent. Quire only keeps, in PostgreSQL so that
 * every app server agrees, the requests it sent (here) and the assertions it accepted
 * (consume-response.ts).
 */

/** How long a user may take at the identity provider. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;
/** Clock differences between the identity provider and us that are tolerated. */
export const CLOCK_SKEW_MS = 60_000;
/** An assertion is refused this long after it was issued, whatever its own expiry says. */
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;

const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/**
 * node-saml's store of request ids (`validateInResponseTo`), kept in `saml_requests` for one
 * provider: an answer is accepted only in response to a request of that provider, still pending.
 */
function requestStore(providerId: string, callbackPath: string): CacheProvider {
  return {
    async saveAsync(id, value) {
      await db().$executeRaw`DELETE FROM saml_requests WHERE expires_at < now()`;
      await db().$executeRaw`
        INSERT INTO saml_requests (id, provider_id, callback_path, expires_at)
        VALUES (${id}, ${providerId}, ${callbackPath}, now() + ${REQUEST_LIFETIME_MS}::int * interval '1 millisecond')`;
      return { value, createdAt: Date.now() };
    },
    async getAsync(id) {
      const [row] = await db().$queryRaw<{ created_at: Date }[]>`
        SELECT created_at FROM saml_requests WHERE id = ${id} AND provider_id = ${providerId} AND expires_at > now()`;
      return row ? row.created_at.toISOString() : null;
    },
    async removeAsync(id) {
      if (id === null) return null;
      const [row] = await db().$queryRaw<{ id: string }[]>`DELETE FROM saml_requests WHERE id = ${id} AND provider_id = ${providerId} RETURNING id`;
      return row ? row.id : null;
    },
  };
}

/** node-saml configured for one provider of an organization, Quire's side named from `baseUrl`. */
export function samlFor(provider: SamlProvider, baseUrl: string, options: { callbackPath?: string } = {}): SAML {
  const sp = serviceProviderOf(baseUrl, provider.organizationId);
  return new SAML({
    entryPoint: provider.ssoUrl,
    issuer: sp.entityID,
    callbackUrl: sp.acsURL,
    audience: sp.entityID,
    idpCert: provider.certificate,
    idpIssuer: provider.entityId,
    identifierFormat: EMAIL_FORMAT,
    // The assertion carries who, for whom and until when: it must be signed; the envelope may be too.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    cacheProvider: requestStore(provider.id, options.callbackPath ?? "/"),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    // Whatever the identity provider's way of signing in (password, passkey, MFA): not asked for one.
    disableRequestedAuthnContext: true,
    signatureAlgorithm: "sha256",
  });
}

/** The service provider metadata of an organization, for identity providers that import it. */
export function serviceProviderMetadata(baseUrl: string, organizationId: string): string {
  const sp = serviceProviderOf(baseUrl, organizationId);
  const saml = new SAML({ issuer: sp.entityID, callbackUrl: sp.acsURL, idpCert: "unused", identifierFormat: EMAIL_FORMAT, wantAssertionsSigned: true });
  return saml.generateServiceProviderMetadata(null);
}
