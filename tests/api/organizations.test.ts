import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createApiToken } from "../../server/tokens/create-api-token";
import { revokeApiToken } from "../../server/tokens/revoke-api-token";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe("GET /v1/user", () => {
  test("answers the token's user", async () => {
    const tenant = await createTenant();
    const { status, body } = await apiClient(server.url, tenant.admin.token).get("/v1/user");
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: "user", id: tenant.admin.user.id, email: tenant.admin.user.email });
    expect(body.urls.location).toBe(`${server.url}/v1/users/${tenant.admin.user.id}`);
  });

  test("401 without, with a malformed and with an unknown token", async () => {
    for (const headers of [{}, { Authorization: "Basic abc" }, { Authorization: "Bearer qr_unknown" }] as Record<string, string>[]) {
      const { status, body } = await apiClient(server.url).raw("GET", "/v1/user", { headers });
      expect(status).toBe(401);
      expect(body.error.code).toBe(401);
    }
  });
});

test("a revoked token is refused with 401; the token is stored only as a hash", async () => {
  const tenant = await createTenant();
  const actor = { userId: tenant.admin.user.id, via: "session" as const };
  const { token, apiToken } = await createApiToken(actor, { name: "to revoke" });
  const api = apiClient(server.url, token);
  expect((await api.get("/v1/user")).status).toBe(200);
  const stored = await db().apiToken.findUniqueOrThrow({ where: { id: apiToken.id } });
  expect(JSON.stringify(stored)).not.toContain(token);
  await revokeApiToken(actor, apiToken.id);
  expect((await api.get("/v1/user")).status).toBe(401);
});

describe("organizations", () => {
  test("lists only the caller's organizations, paged", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    for (const title of ["Second org", "Third org"]) expect((await api.post("/v1/orgs", { title })).status).toBe(201);
    const first = await api.get("/v1/orgs?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.items).toHaveLength(2);
    const second = await api.get(`/v1/orgs?limit=2&page=${first.body.next.page}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    const ids = [...first.body.items, ...second.body.items].map((org: { id: string }) => org.id);
    expect(ids).toContain(tenant.organization.id);
    expect(ids).not.toContain(tenant.otherOrganization.id);
  });

  test("create answers 201 with Location, and the caller is its admin", async () => {
    const tenant = await createTenant();
    const created = await apiClient(server.url, tenant.admin.token).post("/v1/orgs", { title: "Acme Docs", emailDomains: ["acme.test"] });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({ object: "organization", title: "Acme Docs", emailDomains: ["acme.test"] });
    expect(created.body.permissions.admin).toBe(true);
  });

  test("400 names the field and the bound", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const tooShort = await api.post("/v1/orgs", { title: "A" });
    expect(tooShort.status).toBe(400);
    expect(fieldErrorsOf(tooShort.body)).toMatch(/^title: .*2/);
    const malformed = await api.raw("POST", "/v1/orgs", { rawBody: "{not json", headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/Malformed JSON/);
    expect((await api.get("/v1/orgs?limit=0")).status).toBe(400);
    expect(fieldErrorsOf((await api.get("/v1/orgs?limit=1001")).body)).toMatch(/^limit: /);
    expect((await api.get("/v1/orgs?page=%%%")).status).toBe(400);
  });

  test("get and patch: 404 for another organization, 403 below admin", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const path = `/v1/orgs/${tenant.organization.id}`;
    expect((await admin.get(path)).body.title).toBe(tenant.organization.title);
    const patched = await admin.patch(path, { title: "Renamed org", defaultRole: "edit", emailDomains: ["renamed.test"] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Renamed org", defaultRole: "edit", emailDomains: ["renamed.test"] });

    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.patch(path, { title: "Hijacked" })).status).toBe(404);

    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.get(path)).body.permissions.admin).toBe(false);
    expect((await editor.patch(path, { title: "Nope" })).status).toBe(403);
    expect((await admin.patch(path, { defaultContent: { type: "site", site: "missing" } })).status).toBe(400);
  });

  test("logo: only http(s) URLs, 400 naming `logo` otherwise; null removes it", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const path = `/v1/orgs/${tenant.organization.id}`;
    for (const logo of ["javascript:alert(1)", "JavaScript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "file:///etc/passwd", "vbscript:msgbox", "//evil.test/logo.png", "ftp://example.test/logo.png"]) {
      const refused = await admin.patch(path, { logo });
      expect(refused.status, logo).toBe(400);
      expect(fieldErrorsOf(refused.body)).toBe("logo: Must be an http or https URL");
    }
    expect((await admin.get(path)).body.urls.logo).toBeUndefined();
    const accepted = await admin.patch(path, { logo: "https://cdn.example.test/logo.png" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.urls.logo).toBe("https://cdn.example.test/logo.png");
    expect((await admin.patch(path, { logo: null })).body.urls.logo).toBeUndefined();
  });

  test("the migration that brought the rule drops logos stored before it that are not http(s)", async () => {
    const kept = await db().organization.create({ data: { id: newId(), title: "Kept logo", logoURL: "HTTPS://cdn.example.test/a.png" } });
    const dropped = await db().organization.create({ data: { id: newId(), title: "Dropped logo", logoURL: "javascript:alert(1)" } });
    await db().$executeRawUnsafe(readFileSync("prisma/migrations/20261125093100_http_logo_urls/migration.sql", "utf8"));
    expect((await db().organization.findUniqueOrThrow({ where: { id: kept.id } })).logoURL).toBe("HTTPS://cdn.example.test/a.png");
    expect((await db().organization.findUniqueOrThrow({ where: { id: dropped.id } })).logoURL).toBeNull();
  });

  test("email domain lookup reveals only organizations of the caller's own verified domain, or their own (see tests/api/email-domains-subdomains-users.test.ts)", async () => {
    const tenant = await createTenant();
    await db().user.update({ where: { id: tenant.admin.user.id }, data: { emailVerifiedAt: new Date() } });
    const admin = apiClient(server.url, tenant.admin.token);
    await admin.patch(`/v1/orgs/${tenant.organization.id}`, { emailDomains: ["example.test"] });
    const own = await admin.get("/v1/email-domains/example.test/orgs");
    expect(own.status).toBe(200);
    expect(own.body.organizations.map((org: { id: string }) => org.id)).toContain(tenant.organization.id);
    const stranger = apiClient(server.url, tenant.stranger.token);
    await apiClient(server.url, tenant.admin.token).patch(`/v1/orgs/${tenant.organization.id}`, { emailDomains: ["private.test"] });
    expect((await stranger.get("/v1/email-domains/private.test/orgs")).body.organizations).toEqual([]);
    expect((await admin.get("/v1/email-domains/not_a_domain/orgs")).status).toBe(400);
  });
});

describe("the /v1 conventions", () => {
  test("unknown paths and methods answer the error envelope", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const unknown = await api.get("/v1/nothing/here");
    expect(unknown.status).toBe(404);
    const wrongMethod = await api.delete("/v1/user");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });
});
