import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { addMember, createTenant } from "../helpers/factories";
import { createIdpKeys, type IdpKeys } from "../helpers/saml-idp";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
let keys: IdpKeys;
beforeAll(async () => {
  server = await startApiServer();
  keys = await createIdpKeys();
});
afterAll(() => server.close());

const providerBody = () => ({
  label: "Okta",
  entityID: "http://www.okta.com/exk1",
  ssoURL: "https://example.okta.com/app/quire/sso/saml",
  certificate: keys.certificate,
});

async function createTeam(organizationId: string, title = "Engineering") {
  return db().team.create({ data: { id: newId(), organizationId, title } });
}

describe("SAML providers (listSAMLProvidersInOrganizationById, createOrganizationSAMLProvider, get, update, delete)", () => {
  test("an admin adds, reads, lists, changes and removes a provider; each change is an event", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const team = await createTeam(organizationId);
    await db().teamMember.create({ data: { teamId: team.id, userId: tenant.admin.user.id } });

    const created = await admin.post(`/v1/orgs/${organizationId}/saml`, { ...providerBody(), defaultTeam: team.id, defaultRole: "edit" });
    expect(created.status).toBe(201);
    const provider = created.body;
    expect(created.headers.get("location")).toBe(provider.urls.location);
    expect(provider).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      entityID: "http://www.okta.com/exk1",
      ssoURL: "https://example.okta.com/app/quire/sso/saml",
      defaultRole: "edit",
      status: "active",
      defaultTeam: { object: "team", id: team.id, title: "Engineering", members: 1, spaces: 0 },
      service: {
        entityID: `${server.url}/sso/saml/orgs/${organizationId}`,
        acsURL: `${server.url}/sso/saml/orgs/${organizationId}/acs`,
        startURL: `${server.url}/sso/saml/${provider.id}/start`,
      },
      urls: { location: `${server.url}/v1/orgs/${organizationId}/saml/${provider.id}` },
    });
    // The certificate is public: answered, as normalized PEM of the same certificate.
    expect(provider.certificate.replace(/\s/g, "")).toBe(keys.certificate.replace(/\s/g, ""));

    expect((await admin.get(`/v1/orgs/${organizationId}/saml/${provider.id}`)).body).toEqual(provider);
    const list = await admin.get(`/v1/orgs/${organizationId}/saml`);
    expect(list.body).toMatchObject({ count: 1, items: [provider] });

    const updated = await admin.patch(`/v1/orgs/${organizationId}/saml/${provider.id}`, { label: "Okta (EU)", defaultTeam: null, defaultRole: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ label: "Okta (EU)", defaultRole: null, entityID: "http://www.okta.com/exk1" });
    expect(updated.body.defaultTeam).toBeUndefined();

    expect((await admin.get(`/v1/orgs/${organizationId}/sso`)).body).toEqual({ items: [{ id: provider.id, label: "Okta (EU)", startURL: provider.service.startURL }] });

    expect((await admin.delete(`/v1/orgs/${organizationId}/saml/${provider.id}`)).status).toBe(204);
    expect((await admin.delete(`/v1/orgs/${organizationId}/saml/${provider.id}`)).status).toBe(204);
    expect((await admin.get(`/v1/orgs/${organizationId}/saml/${provider.id}`)).status).toBe(404);

    const events = await db().domainEvent.findMany({ where: { organizationId }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });
    expect(events.map((event) => event.action)).toEqual(["sso.provider_created", "sso.provider_updated", "sso.provider_deleted"]);
    expect(JSON.stringify(events.map((event) => event.payload))).not.toContain("BEGIN CERTIFICATE");
  });

  test("without a default role, new members get the organization's default role", async () => {
    const tenant = await createTenant();
    await db().organization.update({ where: { id: tenant.organization.id }, data: { defaultRole: "comment" } });
    const created = await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/saml`, providerBody());
    expect(created.body.defaultRole).toBe("comment");
  });

  test("a certificate that is not one is a 400 naming `certificate`; so is a missing field", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const path = `/v1/orgs/${tenant.organization.id}/saml`;
    const otherKeys = await createIdpKeys("Other");
    const bad = [
      "not a certificate",
      "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----",
      `${keys.certificate}\n${otherKeys.certificate}`,
      keys.privateKey,
      "",
    ];
    for (const certificate of bad) {
      const response = await admin.post(path, { ...providerBody(), certificate });
      expect(response.status, certificate).toBe(400);
      expect(fieldErrorsOf(response.body)).toMatch(/^certificate: /);
    }
    // The bare base64 of identity providers' metadata is a certificate too.
    const bare = keys.certificate.replace(/-----[A-Z ]+-----/g, "").replace(/\s/g, "");
    expect((await admin.post(path, { ...providerBody(), certificate: bare })).status).toBe(201);

    const { entityID: _, ...withoutEntityId } = providerBody();
    const missing = await admin.post(path, withoutEntityId);
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toMatch(/^entityID: /);
    const provider = (await admin.get(path)).body.items[0];
    const patched = await admin.patch(`${path}/${provider.id}`, { certificate: "-----BEGIN CERTIFICATE-----" });
    expect(patched.status).toBe(400);
    expect(fieldErrorsOf(patched.body)).toMatch(/^certificate: /);
    expect(fieldErrorsOf((await admin.patch(`${path}/${provider.id}`, { ssoURL: "javascript:alert(1)" })).body)).toMatch(/^ssoURL: /);
  });

  test("a default team must be the organization's: another organization's is as unknown as none", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const theirs = await createTeam(tenant.otherOrganization.id);
    const foreign = await admin.post(`/v1/orgs/${tenant.organization.id}/saml`, { ...providerBody(), defaultTeam: theirs.id });
    const missing = await admin.post(`/v1/orgs/${tenant.organization.id}/saml`, { ...providerBody(), defaultTeam: newId() });
    expect([foreign.status, missing.status]).toEqual([400, 400]);
    expect(foreign.body.error.message.replace(theirs.id, "X")).toBe(missing.body.error.message.replace(/[0-9A-Za-z]{20}/, "X"));
    expect(fieldErrorsOf(foreign.body)).toMatch(/^defaultTeam: /);
  });

  test("401 without a token, 403 for members other than admins, 404 for another organization's providers", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const provider = (await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${organizationId}/saml`, providerBody())).body;
    const theirs = (await apiClient(server.url, tenant.stranger.token).post(`/v1/orgs/${tenant.otherOrganization.id}/saml`, providerBody())).body;

    expect((await apiClient(server.url).get(`/v1/orgs/${organizationId}/saml`)).status).toBe(401);

    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.get(`/v1/orgs/${organizationId}/saml`)).status).toBe(403);
    expect((await editor.get(`/v1/orgs/${organizationId}/saml/${provider.id}`)).status).toBe(403);
    expect((await editor.post(`/v1/orgs/${organizationId}/saml`, providerBody())).status).toBe(403);
    expect((await editor.patch(`/v1/orgs/${organizationId}/saml/${provider.id}`, { label: "Mine" })).status).toBe(403);
    expect((await editor.delete(`/v1/orgs/${organizationId}/saml/${provider.id}`)).status).toBe(403);
    expect((await editor.post(`/v1/orgs/${organizationId}/members/${tenant.admin.user.id}/sso`)).status).toBe(403);
    // The ways to sign in are for every member.
    expect((await editor.get(`/v1/orgs/${organizationId}/sso`)).body.items).toHaveLength(1);

    const admin = apiClient(server.url, tenant.admin.token);
    expect((await admin.get(`/v1/orgs/${organizationId}/saml/${theirs.id}`)).status).toBe(404);
    expect((await admin.patch(`/v1/orgs/${organizationId}/saml/${theirs.id}`, { label: "Mine" })).status).toBe(404);
    expect((await admin.delete(`/v1/orgs/${organizationId}/saml/${theirs.id}`)).status).toBe(204);
    expect((await admin.get(`/v1/orgs/${tenant.otherOrganization.id}/saml`)).status).toBe(404);
    expect((await admin.get(`/v1/orgs/${tenant.otherOrganization.id}/sso`)).status).toBe(404);
    expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/orgs/${tenant.otherOrganization.id}/saml/${theirs.id}`)).status).toBe(200);
  });
});

describe("setUserAsSSOMemberForOrganization", () => {
  test("an admin allows a member to sign in through SSO: the member is answered with `sso`; a non-member is a 404", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const member = await tenant.member("read");
    const path = `/v1/orgs/${tenant.organization.id}/members/${member.user.id}/sso`;
    const answered = await admin.post(path);
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ object: "member", id: member.user.id, role: "read", sso: true, disabled: false, user: { id: member.user.id } });
    expect((await admin.post(path)).body.sso).toBe(true);
    const stranger = await addMember(tenant.otherOrganization.id, "read");
    expect((await admin.post(`/v1/orgs/${tenant.organization.id}/members/${stranger.user.id}/sso`)).status).toBe(404);
    const events = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id } });
    expect(events.map((event) => event.action)).toEqual(["member.sso_enabled"]);
  });
});
