import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GET as metadataRoute } from "../../app/sso/saml/orgs/[organizationId]/route";
import { authOptions } from "../../server/auth/next-auth";
import { db } from "../../server/db/client";
import { urlsFor } from "../../server/http/urls";
import { newId } from "../../server/ids";
import { presentSamlProvider } from "../../server/presenters/saml-provider";
import { consumeSamlResponse, SsoRefusal, type SsoRefusalReason } from "../../server/sso/consume-response";
import { createSamlProvider } from "../../server/sso/create-saml-provider";
import { setSsoMember } from "../../server/sso/set-sso-member";
import { startSamlSignIn } from "../../server/sso/start-sign-in";
import { redeemSsoTicket, SSO_TICKET_COOKIE } from "../../server/sso/tickets";
import { createTenant, createUser } from "../helpers/factories";
import { createIdpKeys, readAuthnRequest, signedResponse, startTestIdp, type TestIdp } from "../helpers/saml-idp";

/**
 * Single sign-on against a real identity provider run by the test (tests/helpers/saml-idp.ts),
 * signing with a key the test made: the start URL's request, the identity provider's signed
 * answer, and the ACS (consumeSamlResponse) that checks it with node-saml.
 */

const BASE = "http://quire.test";
let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp({ behaviour: { email: "unused@example.test" } });
});
afterAll(() => idp.close());

async function setUp(options: { entityID?: string } = {}) {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const team = await db().team.create({ data: { id: newId(), organizationId, title: "Everyone" } });
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE };
  // Presented as /v1 answers it: its service URLs are what the identity provider posts to.
  const record = await createSamlProvider(ctx, organizationId, {
    label: "Test IdP",
    entityID: options.entityID ?? idp.entityID,
    ssoURL: idp.ssoURL,
    certificate: idp.keys.certificate,
    defaultRole: "edit",
    defaultTeam: team.id,
  });
  const provider = presentSamlProvider(record, urlsFor(BASE));
  return { tenant, organizationId, team, provider, ctx };
}

const emailOf = () => `person-${newId().toLowerCase()}@example.test`;

/** The whole way: the start URL's redirect, the identity provider's page, its form posted to the ACS. */
async function signIn(providerId: string, behaviour: TestIdp["behaviour"]) {
  idp.behaviour = behaviour;
  const form = await idp.signIn(await startSamlSignIn(providerId, BASE));
  const organizationId = form.action.match(/\/sso\/saml\/orgs\/([^/]+)\/acs$/)![1]!;
  return { form, result: consumeSamlResponse(organizationId, { SAMLResponse: form.SAMLResponse }, BASE) };
}

async function expectRefused(promise: Promise<unknown>, reason: SsoRefusalReason, message: RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SsoRefusal);
  expect((error as SsoRefusal).reason).toBe(reason);
  expect((error as SsoRefusal).message).toMatch(message);
}

describe("SAML sign-in", () => {
  test("the organization's entity ID serves its service provider metadata; no organization, no metadata", async () => {
    const { organizationId } = await setUp();
    const metadataOf = (id: string) => metadataRoute(new Request(`${BASE}/sso/saml/orgs/${id}`), { params: Promise.resolve({ organizationId: id }) });
    const served = await metadataOf(organizationId);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "application/samlmetadata+xml; charset=utf-8"]);
    const xml = await served.text();
    expect(xml).toContain(`entityID="${BASE}/sso/saml/orgs/${organizationId}"`);
    expect(xml).toContain(`Location="${BASE}/sso/saml/orgs/${organizationId}/acs"`);
    for (const id of [newId(), "not an id"]) expect((await metadataOf(id)).status).toBe(404);
  });

  test("a good answer signs in a new person as a member with the provider's default role and team, through a one-time ticket", async () => {
    const { organizationId, team, provider } = await setUp();
    const email = emailOf();
    const redirect = await startSamlSignIn(provider.id, BASE);
    const request = readAuthnRequest(redirect);
    expect(redirect.startsWith(`${idp.ssoURL}?SAMLRequest=`)).toBe(true);
    expect(request).toMatchObject({ issuer: `${BASE}/sso/saml/orgs/${organizationId}`, acsUrl: `${BASE}/sso/saml/orgs/${organizationId}/acs`, destination: idp.ssoURL });

    idp.behaviour = { email: email.toUpperCase(), displayName: "Ada Lovelace" };
    const form = await idp.signIn(redirect);
    expect(form.action).toBe(provider.service.acsURL);
    const signedIn = await consumeSamlResponse(organizationId, { SAMLResponse: form.SAMLResponse }, BASE);
    expect(signedIn).toMatchObject({ organizationId, joined: true, callbackPath: `/o/${organizationId}` });

    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { memberships: true, teamMemberships: true } });
    expect(user).toMatchObject({ id: signedIn.userId, displayName: "Ada Lovelace", passwordHash: null });
    expect(user.memberships).toEqual([expect.objectContaining({ organizationId, role: "edit", ssoAt: expect.any(Date) })]);
    expect(user.teamMemberships).toEqual([expect.objectContaining({ teamId: team.id })]);
    const [joined] = await db().domainEvent.findMany({ where: { organizationId, action: "member.joined" } });
    expect(joined).toMatchObject({ actorId: user.id, targetId: user.id, source: "ui" });

    // next-auth's `saml` sign-in redeems the ticket from its cookie, once, for an SSO session of this organization.
    const saml = authOptions.providers.find((candidate) => (candidate as { options?: { id?: string } }).options?.id === "saml") as unknown as {
      options: { authorize: (credentials: unknown, request: unknown) => Promise<unknown> };
    };
    const request2 = { headers: { cookie: `other=1; ${SSO_TICKET_COOKIE}=${signedIn.ticket}` } };
    const sessionUser = await saml.options.authorize({}, request2);
    expect(sessionUser).toMatchObject({ id: user.id, via: "sso", ssoOrganizationId: organizationId });
    expect(await saml.options.authorize({}, request2)).toBeNull();
    const token = await authOptions.callbacks!.jwt!({ token: {}, user: sessionUser as never, account: null } as never);
    expect(token).toMatchObject({ sub: user.id, via: "sso", sso: organizationId });

    // Signing in again finds the member.
    const again = await signIn(provider.id, { email });
    expect(await again.result).toMatchObject({ userId: user.id, joined: false });
  });

  test("a ticket is single-use and short-lived", async () => {
    const { organizationId, provider } = await setUp();
    const { userId, ticket } = await (await signIn(provider.id, { email: emailOf() })).result;
    expect(await redeemSsoTicket(ticket)).toEqual({ userId, organizationId });
    expect(await redeemSsoTicket(ticket)).toBeNull();
    const late = await (await signIn(provider.id, { email: emailOf() })).result;
    await db().$executeRaw`UPDATE sso_tickets SET expires_at = now() - interval '1 second'`;
    expect(await redeemSsoTicket(late.ticket)).toBeNull();
    expect(await redeemSsoTicket("not-a-ticket")).toBeNull();
  });

  test("an answer signed by another key, or changed after signing, is refused", async () => {
    const { provider } = await setUp();
    const email = emailOf();
    const forger = await createIdpKeys("Forger");
    await expectRefused((await signIn(provider.id, { email, signWith: forger })).result, "invalid", /signature/i);
    const tampered = await signIn(provider.id, { email, tamper: (xml) => xml.replace(email, "ceo@example.test") });
    await expectRefused(tampered.result, "invalid", /signature/i);
    expect(await db().user.count({ where: { email: { in: [email, "ceo@example.test"] } } })).toBe(0);
  });

  test("an assertion for another audience is refused", async () => {
    const { provider } = await setUp();
    await expectRefused((await signIn(provider.id, { email: emailOf(), audience: "https://other-service.example/saml" })).result, "invalid", /audience/i);
  });

  test("an expired assertion, and one not yet valid, are refused", async () => {
    const { provider } = await setUp();
    // node-saml checks the subject's confirmation window first: an expired one has none valid.
    const outOfWindow = /expired|no valid subject confirmation/i;
    const expired = { issuedAt: new Date(Date.now() - 20 * 60_000), notOnOrAfter: new Date(Date.now() - 15 * 60_000) };
    await expectRefused((await signIn(provider.id, { email: emailOf(), ...expired })).result, "invalid", outOfWindow);
    // Within its own window but issued longer ago than Quire accepts.
    const old = { issuedAt: new Date(Date.now() - 30 * 60_000), notOnOrAfter: new Date(Date.now() + 60 * 60_000) };
    await expectRefused((await signIn(provider.id, { email: emailOf(), ...old })).result, "invalid", outOfWindow);
    const early = { issuedAt: new Date(Date.now() + 10 * 60_000) };
    await expectRefused((await signIn(provider.id, { email: emailOf(), ...early })).result, "invalid", /not yet valid|no valid subject confirmation/i);
    // The same answers within their window are accepted: the refusals above are the time's.
    expect(await (await signIn(provider.id, { email: emailOf(), issuedAt: new Date(Date.now() - 30_000) })).result).toMatchObject({ joined: true });
  });

  test("a replayed answer is refused, and so is its assertion in a new answer", async () => {
    const { organizationId, provider } = await setUp();
    const email = emailOf();
    const first = await signIn(provider.id, { email, assertionId: "_replayed-assertion" });
    await first.result;
    // The same answer posted again: the request it answers is used up.
    await expectRefused(consumeSamlResponse(organizationId, { SAMLResponse: first.form.SAMLResponse }, BASE), "invalid", /not to a sign-in started here/);
    // The same assertion, in an answer to a new request: its id was seen.
    await expectRefused((await signIn(provider.id, { email, assertionId: "_replayed-assertion" })).result, "replayed", /already used/);
    const seen = await db().$queryRaw<{ expires_at: Date }[]>`SELECT expires_at FROM saml_assertions WHERE provider_id = ${provider.id}`;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  test("an answer to no request of this organization is refused: unsolicited, or sent to another organization's ACS", async () => {
    const { organizationId, provider } = await setUp();
    const other = await setUp();
    const unsolicited = signedResponse({
      issuer: idp.entityID,
      keys: idp.keys,
      inResponseTo: "_never-sent",
      acsUrl: provider.service.acsURL,
      audience: provider.service.entityID,
      email: emailOf(),
    });
    await expectRefused(consumeSamlResponse(organizationId, { SAMLResponse: unsolicited }, BASE), "invalid", /not to a sign-in started here/);
    const theirs = await signIn(other.provider.id, { email: emailOf() });
    await expectRefused(consumeSamlResponse(organizationId, { SAMLResponse: theirs.form.SAMLResponse }, BASE), "invalid", /not to a sign-in started here/);
    await expectRefused(consumeSamlResponse(organizationId, { SAMLResponse: "%%%" }, BASE), "invalid", /SAMLResponse/);
    await expectRefused(consumeSamlResponse(organizationId, {}, BASE), "invalid", /SAMLResponse/);
  });

  test("an assertion from another issuer than the provider's entity ID is refused", async () => {
    const { provider } = await setUp({ entityID: "https://another-idp.example/metadata" });
    await expectRefused((await signIn(provider.id, { email: emailOf() })).result, "invalid", /issuer/i);
  });

  test("an existing account signs in only once an admin allows it SSO; a disabled one never", async () => {
    const { tenant, organizationId, provider, ctx } = await setUp();
    const outsider = await createUser({ email: emailOf() });
    await expectRefused((await signIn(provider.id, { email: outsider.email })).result, "not_linked", /not allowed/);
    const member = await tenant.member("read");
    await expectRefused((await signIn(provider.id, { email: member.user.email })).result, "not_linked", /not allowed/);
    await setSsoMember(ctx, organizationId, member.user.id);
    expect(await (await signIn(provider.id, { email: member.user.email })).result).toMatchObject({ userId: member.user.id, joined: false });
    await db().user.update({ where: { id: member.user.id }, data: { disabledAt: new Date() } });
    await expectRefused((await signIn(provider.id, { email: member.user.email })).result, "disabled", /disabled/);
    expect(await db().member.count({ where: { userId: outsider.id } })).toBe(0);
  });
});
