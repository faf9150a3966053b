import { DOMParser } from "@xmldom/xmldom";
import type { Profile } from "@node-saml/node-saml";
import { z } from "zod";
import { requestContext } from "../context";
import { db } from "../db/client";
import type { SamlProvider } from "../db/generated/client";
import { AppError } from "../errors";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { admitMember } from "../members/admit-member";
import { parseRole } from "../policies/roles";
import { CLOCK_SKEW_MS, MAX_ASSERTION_AGE_MS, samlFor } from "./saml";
import { createSsoTicket } from "./tickets";

/**
 * The ACS: an identity provider's answer, posted by the browser, becomes a one-time sign-in ticket.
 * node-saml checks the answer (server/sso/saml.ts); here the provider is found from the request the
 * answer is to, the assertion's id is recorded so that it is never accepted twice, and the user
 * is found or created:
 *
 * - an email no account has: a new account, member of the organization with the provider's
 *   default role and team, allowed to sign in through SSO from then on (`sso_at`);
 * - a member allowed SSO (joined through it, or allowed by an admin): signed in;
 * - any other existing account: refused. An organization's identity provider does not get to sign
 *   in to accounts it does not manage, or one organization's admins could take over another's members.
 */

/** Why a sign-in was refused, for the sign-in page to say in its own words (never the details). */
export type SsoRefusalReason = "invalid" | "replayed" | "not_linked" | "disabled";

export class SsoRefusal extends AppError {
  constructor(
    readonly reason: SsoRefusalReason,
    message: string,
  ) {
    super(reason === "invalid" || reason === "replayed" ? "bad_request" : "forbidden", message, { reason });
  }
}

export type SamlSignIn = { ticket: string; userId: string; organizationId: string; callbackPath: string; joined: boolean };

const SAML_RESPONSE_MAX_BYTES = 192 * 1024;

export async function consumeSamlResponse(organizationId: string, form: { SAMLResponse?: string }, baseUrl: string): Promise<SamlSignIn> {
  const samlResponse = form.SAMLResponse ?? "";
  if (!samlResponse || samlResponse.length > SAML_RESPONSE_MAX_BYTES || !/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) {
    throw new SsoRefusal("invalid", "SAMLResponse: missing, or not a base64 SAML response.");
  }
  const pending = await pendingRequest(organizationId, inResponseToOf(samlResponse));
  const provider = await db().samlProvider.findUniqueOrThrow({ where: { id: pending.providerId } });

  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(provider, baseUrl).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SsoRefusal("invalid", `The identity provider's answer was refused: ${(error as Error).message}`);
  }
  if (!profile) throw new SsoRefusal("invalid", "The identity provider's answer holds no assertion.");
  if (profile.issuer !== provider.entityId) throw new SsoRefusal("invalid", `The assertion's issuer is not ${provider.entityId}.`);

  await recordAssertion(provider, profile);
  const person = personOf(profile);
  const { userId, joined } = await signInOrJoin(provider, person);
  const ticket = await createSsoTicket(userId, organizationId);
  return { ticket, userId, organizationId, callbackPath: pending.callbackPath, joined };
}

/** The request an answer says it responds to (unverified yet: node-saml checks it again, signed). */
function inResponseToOf(samlResponse: string): string {
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  let id: string | null = null;
  try {
    const document = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, "text/xml");
    id = document.documentElement?.getAttribute("InResponseTo") ?? null;
  } catch {
    id = null;
  }
  if (!id) throw new SsoRefusal("invalid", "The answer is not in response to a sign-in started here (no InResponseTo).");
  return id;
}

async function pendingRequest(organizationId: string, requestId: string) {
  const [row] = await db().$queryRaw<{ provider_id: string; callback_path: string }[]>`
    SELECT r.provider_id, r.callback_path FROM saml_requests r JOIN saml_providers p ON p.id = r.provider_id
    JOIN organizations o ON o.id = p.organization_id
    WHERE r.id = ${requestId} AND p.organization_id = ${organizationId} AND r.expires_at > now() AND o.deleted_at IS NULL`;
  if (!row) throw new SsoRefusal("invalid", "The answer is not to a sign-in started here, or that sign-in expired or was already used.");
  return { providerId: row.provider_id, callbackPath: row.callback_path };
}

/**
 * Records the assertion's id until it expires: a second answer carrying it — the same one posted
 * again, or its assertion in another envelope — is refused on every app server.
 */
async function recordAssertion(provider: SamlProvider, profile: Profile): Promise<void> {
  const assertion = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string; IssueInstant?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } })?.Assertion;
  const assertionId = assertion?.$?.ID;
  const notOnOrAfter = Date.parse(assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? "");
  const issuedAt = Date.parse(assertion?.$?.IssueInstant ?? "");
  if (!assertionId || Number.isNaN(notOnOrAfter) || Number.isNaN(issuedAt)) {
    throw new SsoRefusal("invalid", "The assertion has no ID, IssueInstant or Conditions NotOnOrAfter.");
  }
  // Past this, node-saml refuses the assertion anyway: no need to remember it longer.
  const expiresAt = new Date(Math.min(notOnOrAfter, issuedAt + MAX_ASSERTION_AGE_MS) + CLOCK_SKEW_MS);
  await db().$executeRaw`DELETE FROM saml_assertions WHERE expires_at < now()`;
  const inserted = await db().$executeRaw`
    INSERT INTO saml_assertions (provider_id, assertion_id, expires_at) VALUES (${provider.id}, ${assertionId}, ${expiresAt})
    ON CONFLICT DO NOTHING`;
  if (inserted === 0) throw new SsoRefusal("replayed", `The assertion ${assertionId} was already used to sign in.`);
}

const EMAIL_ATTRIBUTES = ["email", "mail", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "urn:oid:0.9.2342.19200300.100.1.3"];
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.microsoft.com/identity/claims/displayname", "urn:oid:2.16.840.1.113730.3.1.241"];
const emailSchema = z.email().max(254);

/** Who the assertion is about: an email (an attribute, or the NameID), and a name to show. */
function personOf(profile: Profile): { email: string; displayName: string } {
  const attribute = (names: string[]) => {
    for (const name of names) {
      const value = profile[name];
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === "string" && first.trim()) return first.trim();
    }
    return undefined;
  };
  const candidates = [attribute(EMAIL_ATTRIBUTES), profile.nameID].filter((value): value is string => typeof value === "string");
  const email = candidates.map((value) => value.trim().toLowerCase()).find((value) => emailSchema.safeParse(value).success);
  if (!email) throw new SsoRefusal("invalid", "The assertion names no email address (NameID or an email attribute).");
  const given = attribute(["givenName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname"]);
  const surname = attribute(["sn", "surname", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname"]);
  const displayName = attribute(NAME_ATTRIBUTES) ?? ([given, surname].filter(Boolean).join(" ") || email.split("@")[0]!);
  return { email, displayName: displayName.slice(0, 255) };
}

async function signInOrJoin(provider: SamlProvider, person: { email: string; displayName: string }) {
  const organizationId = provider.organizationId;
  const existing = await db().user.findUnique({
    where: { email: person.email },
    include: { memberships: { where: { organizationId }, select: { ssoAt: true } } },
  });
  if (existing?.disabledAt) throw new SsoRefusal("disabled", `The account of ${person.email} is disabled.`);
  if (existing) {
    if (!existing.memberships[0]?.ssoAt) {
      throw new SsoRefusal("not_linked", `An account with the email ${person.email} exists and is not allowed to sign in to this organization through single sign-on.`);
    }
    return { userId: existing.id, joined: false };
  }
  const userId = newId();
  await writeChange(requestContext({ userId, via: "sso", ssoOrganizationId: organizationId }), async (tx, events) => {
    await tx.user.create({ data: { id: userId, email: person.email, displayName: person.displayName } });
    await admitMember(tx, events, {
      organizationId,
      user: { id: userId, displayName: person.displayName },
      role: parseRole(provider.defaultRole),
      sso: true,
      through: "sso",
      details: { samlProvider: provider.id, team: provider.defaultTeamId },
    });
    // The default team, if it still is one of the organization's (a deleted team is no default: FK set null).
    if (provider.defaultTeamId) {
      await tx.$executeRaw`
        INSERT INTO team_members (team_id, user_id) SELECT id, ${userId} FROM teams WHERE id = ${provider.defaultTeamId} AND organization_id = ${organizationId}`;
    }
  });
  return { userId, joined: true };
}
