import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { openSecret, parseSecretKey, resetSecretKeyCache, sealSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";
import { verifyVisitorToken } from "../../server/sites/publishing-auth/visitor-token";
import { eventsAsText } from "../helpers/events";
import { createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

describe("secret box (server/crypto/secret-box.ts)", () => {
  afterEach(() => {
    delete process.env.QUIRE_SECRET_KEY;
    resetSecretKeyCache();
  });

  test("seals and opens; each seal differs; the instance key is made once and kept in instance_secrets", async () => {
    const a = await sealSecret("hunter2", "ctx");
    const b = await sealSecret("hunter2", "ctx");
    expect(a).not.toBe(b);
    expect(a).not.toContain("hunter2");
    expect(await openSecret(a, "ctx")).toBe("hunter2");
    resetSecretKeyCache();
    expect(await openSecret(b, "ctx")).toBe("hunter2");
    expect(await db().instanceSecret.count({ where: { name: "secret-box-key" } })).toBe(1);
  });

  test("a sealed value does not open under another context, altered, or under another key", async () => {
    const sealed = await sealSecret("hunter2", "site-visitor-auth:a");
    await expect(openSecret(sealed, "site-visitor-auth:b")).rejects.toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("hunter3").toString("base64url");
    await expect(openSecret(parts.join("."), "site-visitor-auth:a")).rejects.toThrow();
    await expect(openSecret("garbage", "site-visitor-auth:a")).rejects.toThrow(/Not a sealed secret/);
    process.env.QUIRE_SECRET_KEY = "ab".repeat(32);
    resetSecretKeyCache();
    await expect(openSecret(sealed, "site-visitor-auth:a")).rejects.toThrow(/another instance key/);
    expect(await openSecret(await sealSecret("x"), "")).toBe("x");
  });

  test("QUIRE_SECRET_KEY must be 32 bytes in hex or base64", () => {
    expect(parseSecretKey("ab".repeat(32))).toHaveLength(32);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString("base64"))).toHaveLength(32);
    expect(() => parseSecretKey("short")).toThrow(/QUIRE_SECRET_KEY/);
    expect(() => parseSecretKey("ab".repeat(31))).toThrow(/QUIRE_SECRET_KEY/);
  });
});

describe("site publishing auth", () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  async function setup() {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const site = await createSite(organizationId, { visibility: "visitor-auth", published: true });
    const admin = apiClient(server.url, tenant.admin.token);
    const auth = `/v1/orgs/${organizationId}/sites/${site.id}/publishing/auth`;
    return { tenant, organizationId, site, admin, auth, as: (who: { token: string }) => apiClient(server.url, who.token) };
  }

  const siteRow = (id: string) => db().site.findUniqueOrThrow({ where: { id } });

  test("the key is made on the first read, sealed, and the same on every later read (also when read at once)", async () => {
    const { admin, auth, site, organizationId } = await setup();
    const reads = await Promise.all([admin.get(auth), admin.get(auth), admin.get(auth)]);
    for (const read of reads) expect(read.status, JSON.stringify(read.body)).toBe(200);
    const key = reads[0]!.body.privateKey as string;
    expect(reads.map((read) => read.body.privateKey)).toEqual([key, key, key]);
    expect(reads[0]!.body).toEqual({ object: "publishing-auth", backend: "custom", privateKey: key });
    expect((await admin.get(auth)).body.privateKey).toBe(key);
    const stored = (await siteRow(site.id)).visitorAuthKey!;
    expect(stored).not.toContain(key);
    const events = await db().domainEvent.findMany({ where: { organizationId, action: "site.publishing_auth_updated" } });
    expect(events).toHaveLength(1);
    expect(eventsAsText(events)).not.toContain(key);
  });

  test("update sets and removes the fallback and logout URLs (http(s) only); the integration backend is refused until integrations exist", async () => {
    const { admin, auth } = await setup();
    const set = await admin.patch(auth, { backend: "custom", fallbackURL: "https://login.example.com/", logoutURL: "https://login.example.com/out" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ fallbackURL: "https://login.example.com/", logoutURL: "https://login.example.com/out" });
    const cleared = await admin.patch(auth, { backend: "custom", logoutURL: null });
    expect(cleared.body.logoutURL).toBeUndefined();
    expect(cleared.body.fallbackURL).toBe("https://login.example.com/");
    expect(fieldErrorsOf((await admin.patch(auth, { backend: "custom", fallbackURL: "javascript:alert(1)" })).body)).toMatch(/^fallbackURL:/);
    const integration = await admin.patch(auth, { backend: "integration" });
    expect(integration.status).toBe(400);
    expect(fieldErrorsOf(integration.body)).toMatch(/^backend: .*integration/);
  });

  test("only admins see or change the key: 403 below admin, 404 in another organization", async () => {
    const { tenant, auth, as } = await setup();
    const creator = await tenant.member("create");
    expect((await as(creator).get(auth)).status).toBe(403);
    expect((await as(creator).post(`${auth}/regenerate`)).status).toBe(403);
    expect((await as(tenant.stranger).get(auth)).status).toBe(404);
  });

  test("verifyVisitorToken accepts a token signed with the key; regenerate makes it fail; bad signature, expiry, audience, alg none and oversized are refused", async () => {
    const { admin, auth, site } = await setup();
    const key = (await admin.get(auth)).body.privateKey as string;
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const verify = async (token: string, options?: { audience?: string[] }) => verifyVisitorToken(await siteRow(site.id), token, options);

    const good = sign({ sub: "v1", exp: inAnHour, plan: "pro" }, key);
    expect(await verify(good)).toEqual({ ok: true, claims: { sub: "v1", exp: inAnHour, plan: "pro" } });
    expect(await verify(sign({ exp: inAnHour, aud: site.id }, key))).toMatchObject({ ok: true });
    expect(await verify(sign({ exp: inAnHour, aud: ["x", "https://docs.example.com"] }, key), { audience: ["https://docs.example.com"] })).toMatchObject({ ok: true });

    expect(await verify(sign({ exp: inAnHour }, "another key"))).toEqual({ ok: false, reason: "signature" });
    expect(await verify(good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA"))).toEqual({ ok: false, reason: "signature" });
    expect(await verify(sign({ exp: Math.floor(Date.now() / 1000) - 120 }, key))).toEqual({ ok: false, reason: "expired" });
    expect(await verify(sign({ sub: "forever" }, key))).toEqual({ ok: false, reason: "expired" });
    expect(await verify(sign({ exp: inAnHour, nbf: inAnHour - 60 }, key))).toEqual({ ok: false, reason: "not-yet-valid" });
    expect(await verify(sign({ exp: inAnHour, aud: "another-site" }, key))).toEqual({ ok: false, reason: "audience" });
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ exp: inAnHour })}.`;
    expect(await verify(unsigned)).toEqual({ ok: false, reason: "algorithm" });
    expect(await verify(sign({ exp: inAnHour }, key, "HS512"))).toEqual({ ok: false, reason: "algorithm" });
    expect(await verify(sign({ exp: inAnHour, pad: "x".repeat(9000) }, key))).toEqual({ ok: false, reason: "oversized" });
    for (const malformed of ["", "a.b", "a.b.c.d", "!!.??.**", `${b64({ alg: "HS256" })}.${Buffer.from("[1]").toString("base64url")}.sig`]) {
      expect(await verify(malformed)).toEqual({ ok: false, reason: "malformed" });
    }
    expect(await verifyVisitorToken({ id: site.id, visitorAuthKey: null }, good)).toEqual({ ok: false, reason: "no-key" });
    // Another site's sealed key does not open as this site's (the context binds it).
    expect(await verifyVisitorToken({ id: "another-site", visitorAuthKey: (await siteRow(site.id)).visitorAuthKey }, good)).toEqual({ ok: false, reason: "no-key" });

    const regenerated = await admin.post(`${auth}/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.privateKey).not.toBe(key);
    expect(await verify(good)).toEqual({ ok: false, reason: "signature" });
    expect(await verify(sign({ exp: inAnHour }, regenerated.body.privateKey))).toMatchObject({ ok: true });
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** A JWT as a site's own backend signs it (HS256 with the key's text as the secret). */
function sign(claims: Record<string, unknown>, key: string, alg = "HS256"): string {
  const head = `${b64({ alg, typ: "JWT" })}.${b64(claims)}`;
  const hash = alg === "HS512" ? "sha512" : "sha256";
  return `${head}.${createHmac(hash, Buffer.from(key, "utf8")).update(head).digest("base64url")}`;
}
