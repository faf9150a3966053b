import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant, createUser, createToken } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/**
 * Email domains (verified by an admin on the domain before they count; what outsiders see; joining
 * by one), subdomains (claimed uniquely without naming who holds one; getSubdomain), and users
 * (getUserById, updateUserById: a user edits only themself).
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const unique = () => Math.random().toString(36).slice(2, 10);
const errorMessage = (response: { body: { error: { message: string } } }) => response.body.error.message;
// Which fields a 400 is about, with why: `field: message`.
const fieldsOf = (response: { body: { error?: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);
const trpc = (userId: string) => createCallerFactory(appRouter)({ actor: { userId, via: "session" }, baseUrl: "http://quire.test" });

/** A tenant whose admin's address is on `domain`, verified or not. */
async function tenantOnDomain(domain: string, verified: boolean) {
  const tenant = await createTenant();
  await db().user.update({ where: { id: tenant.admin.user.id }, data: { email: `admin-${unique()}@${domain}`, emailVerifiedAt: verified ? new Date() : null } });
  return { tenant, admin: apiClient(server.url, tenant.admin.token) };
}

/** Someone with no organization in common, whose address is on `domain`. */
async function personOn(domain: string, verified: boolean) {
  const user = await createUser({ email: `person-${unique()}@${domain}` });
  if (verified) await db().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  return { user, api: apiClient(server.url, await createToken(user.id)) };
}

describe("email domains (getOrganizationsForEmailDomain, joining by domain)", () => {
  test("a domain set by an admin whose address is not verified on it is not offered", async () => {
    const domain = `unverified-${unique()}.test`;
    const { tenant, admin } = await tenantOnDomain(domain, false);
    expect((await admin.patch(`/v1/orgs/${tenant.organization.id}`, { emailDomains: [domain] })).body.emailDomains).toEqual([domain]);
    expect(await db().emailDomainVerification.count({ where: { organizationId: tenant.organization.id } })).toBe(0);
    const person = await personOn(domain, true);
    expect((await person.api.get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);
    // Neither to its own members.
    expect((await admin.get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);
    await expect(trpc(person.user.id).organizations.joinByEmailDomain({ organizationId: tenant.organization.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("verified by an admin on the domain: people on it see only id, title and logo, and join with the default role", async () => {
    const domain = `verified-${unique()}.test`;
    const { tenant, admin } = await tenantOnDomain(domain, true);
    const organizationId = tenant.organization.id;
    await admin.patch(`/v1/orgs/${organizationId}`, { emailDomains: [domain, `other-${unique()}.test`], logo: "https://cdn.example.test/logo.png", defaultRole: "comment", hostname: `v-${unique()}` });
    expect((await db().emailDomainVerification.findMany({ where: { organizationId } })).map((row) => row.domain)).toEqual([domain]);
    expect(await db().domainEvent.count({ where: { organizationId, action: "organization.email_domain_verified" } })).toBe(1);

    // Members see their organization as usual.
    const own = await admin.get(`/v1/email-domains/${domain}/orgs`);
    expect(own.body.organizations).toHaveLength(1);
    expect(own.body.organizations[0]).toMatchObject({ id: organizationId, permissions: { view: true, admin: true } });

    const person = await personOn(domain, true);
    const seen = await person.api.get(`/v1/email-domains/${domain}/orgs`);
    expect(seen.status).toBe(200);
    const outsider = seen.body.organizations[0];
    expect(outsider).toMatchObject({ id: organizationId, title: tenant.organization.title, urls: { logo: "https://cdn.example.test/logo.png" } });
    expect(Object.values(outsider.permissions).every((value) => value === false)).toBe(true);
    // Nothing else of the organization: not its other domains, hostname, settings or creation time.
    const text = JSON.stringify(outsider);
    expect(text).not.toMatch(/other-|"hostname"|"defaultRole"|"sso"/);
    expect(outsider.createdAt).not.toBe(tenant.organization.createdAt.toISOString());
    // An address on the domain that is not verified sees nothing; nor does anyone asking about a domain not theirs.
    expect((await (await personOn(domain, false)).api.get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);
    expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);

    const joinable = await trpc(person.user.id).organizations.joinable();
    expect(joinable.organizations.map((organization) => organization.id)).toEqual([organizationId]);
    const joined = await trpc(person.user.id).organizations.joinByEmailDomain({ organizationId });
    expect(joined.joined).toBe(true);
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: person.user.id } } })).role).toBe("comment");
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "member.joined", targetId: person.user.id } });
    expect(event.payload).toMatchObject({ through: "email-domain", role: "comment", domain });
    // Removing the domain drops its verification.
    await admin.patch(`/v1/orgs/${organizationId}`, { emailDomains: [] });
    expect(await db().emailDomainVerification.count({ where: { organizationId } })).toBe(0);
    expect((await (await personOn(domain, true)).api.get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);
  });

  test("POST /v1/orgs/{organizationId}/join (joinOrganization): 204 with the default role for a verified address on a verified domain, 204 again when in; 404 otherwise; 401", async () => {
    const domain = `join-${unique()}.test`;
    const { tenant, admin } = await tenantOnDomain(domain, true);
    const organizationId = tenant.organization.id;
    await admin.patch(`/v1/orgs/${organizationId}`, { emailDomains: [domain], defaultRole: "read" });

    const person = await personOn(domain, true);
    const joined = await person.api.post(`/v1/orgs/${organizationId}/join`);
    expect(joined.status).toBe(204);
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: person.user.id } } })).role).toBe("read");
    expect((await person.api.post(`/v1/orgs/${organizationId}/join`)).status).toBe(204);
    expect(await db().domainEvent.count({ where: { organizationId, action: "member.joined", targetId: person.user.id } })).toBe(1);

    // Unverified address, another domain, an organization that does not exist: all the same 404.
    expect((await (await personOn(domain, false)).api.post(`/v1/orgs/${organizationId}/join`)).status).toBe(404);
    expect((await (await personOn(`elsewhere-${unique()}.test`, true)).api.post(`/v1/orgs/${organizationId}/join`)).status).toBe(404);
    expect((await person.api.post("/v1/orgs/no-such-organization/join")).status).toBe(404);
    expect((await apiClient(server.url).post(`/v1/orgs/${organizationId}/join`)).status).toBe(401);
  });

  test("400 for what is not a domain, 401 without a token", async () => {
    const { admin } = await tenantOnDomain(`x-${unique()}.test`, true);
    expect(fieldsOf(await admin.get("/v1/email-domains/not_a_domain/orgs"))).toMatch(/^emailDomain:/);
    expect((await apiClient(server.url).get("/v1/email-domains/example.test/orgs")).status).toBe(401);
  });
});

describe("subdomains (the organization's hostname; getSubdomain)", () => {
  test("an admin claims a subdomain; its members look it up; another organization cannot take it and is told nothing of whose it is", async () => {
    const first = await createTenant();
    const second = await createTenant();
    const subdomain = `docs-${unique()}`;
    const firstAdmin = apiClient(server.url, first.admin.token);
    expect((await firstAdmin.patch(`/v1/orgs/${first.organization.id}`, { hostname: subdomain })).body.hostname).toBe(subdomain);
    const found = await firstAdmin.get(`/v1/subdomains/${subdomain}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ object: "subdomain", subdomain, target: { type: "organization", organization: first.organization.id }, isActive: true });

    const secondAdmin = apiClient(server.url, second.admin.token);
    const taken = await secondAdmin.patch(`/v1/orgs/${second.organization.id}`, { hostname: subdomain });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).not.toContain(first.organization.id);
    expect(JSON.stringify(taken.body)).not.toContain(first.organization.title);
    expect(taken.body.error.details).toEqual({ fields: { hostname: taken.body.error.message } });
    // Taken or free, another organization's subdomain is not found for outsiders.
    expect((await secondAdmin.get(`/v1/subdomains/${subdomain}`)).status).toBe(404);
    expect((await secondAdmin.get(`/v1/subdomains/free-${unique()}`)).status).toBe(404);
    // Its own organization may keep it (saving again is no conflict).
    expect((await firstAdmin.patch(`/v1/orgs/${first.organization.id}`, { hostname: subdomain })).status).toBe(200);
  });

  test("the reference's pattern: 400 naming the field", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    for (const bad of ["ab", "-docs", "docs-", "Docs", "a".repeat(33), "do_cs"]) {
      expect(fieldsOf(await admin.patch(`/v1/orgs/${tenant.organization.id}`, { hostname: bad })), bad).toMatch(/^hostname:/);
    }
    expect(fieldsOf(await admin.get("/v1/subdomains/-bad"))).toMatch(/^subdomain:/);
    expect((await apiClient(server.url).get("/v1/subdomains/docs")).status).toBe(401);
  });
});

describe("users (getAuthenticatedUser, getUserById, updateUserById)", () => {
  test("a user is seen by the people they share an organization with, and by no one else", async () => {
    const tenant = await createTenant();
    const reader = await tenant.member("read");
    const api = apiClient(server.url, reader.token);
    expect((await api.get("/v1/user")).body).toMatchObject({ object: "user", id: reader.user.id });
    expect((await api.get(`/v1/users/${tenant.admin.user.id}`)).body).toMatchObject({ id: tenant.admin.user.id, displayName: tenant.admin.user.displayName });
    expect((await api.get(`/v1/users/${tenant.stranger.user.id}`)).status).toBe(404);
    expect((await apiClient(server.url).get(`/v1/users/${reader.user.id}`)).status).toBe(401);
    expect(fieldsOf(await api.get("/v1/users/bad%20id"))).toMatch(/^userId:/);
  });

  test("a user changes their own name and photo, recorded in their organizations; others' only 403 or 404", async () => {
    const tenant = await createTenant();
    const reader = await tenant.member("read");
    const api = apiClient(server.url, reader.token);
    const changed = await api.patch(`/v1/users/${reader.user.id}`, { displayName: "  Grace Hopper ", photoURL: "https://cdn.example.test/grace.png" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ displayName: "Grace Hopper", photoURL: "https://cdn.example.test/grace.png" });
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId: tenant.organization.id, action: "member.profile_updated" } });
    expect(event.payload).toMatchObject({ displayName: { from: reader.user.displayName, to: "Grace Hopper" } });
    expect((await api.patch(`/v1/users/${reader.user.id}`, { photoURL: null })).body.photoURL).toBeUndefined();

    expect(errorMessage(await api.patch(`/v1/users/${reader.user.id}`, {}))).toMatch(/displayName, photoURL/);
    expect(fieldsOf(await api.patch(`/v1/users/${reader.user.id}`, { displayName: "" }))).toMatch(/^displayName:/);
    expect(fieldsOf(await api.patch(`/v1/users/${reader.user.id}`, { displayName: "x".repeat(65) }))).toMatch(/^displayName:/);
    expect(fieldsOf(await api.patch(`/v1/users/${reader.user.id}`, { photoURL: "javascript:alert(1)" }))).toMatch(/^photoURL:/);
    expect((await api.patch(`/v1/users/${tenant.admin.user.id}`, { displayName: "Taken over" })).status).toBe(403);
    expect((await api.patch(`/v1/users/${tenant.stranger.user.id}`, { displayName: "Taken over" })).status).toBe(404);
    expect((await apiClient(server.url).patch(`/v1/users/${reader.user.id}`, { displayName: "X" })).status).toBe(401);
    expect((await db().user.findUniqueOrThrow({ where: { id: tenant.admin.user.id } })).displayName).toBe(tenant.admin.user.displayName);
  });
});
