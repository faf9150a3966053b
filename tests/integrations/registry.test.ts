import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { getIntegrationDeveloperSettings, publishIntegration, publishIntegrationInput, regenerateIntegrationToken } from "../../server/integrations/registry";
import { serveIntegrationAsset } from "../../server/integrations/registry/serve-asset";
import { urlsFor } from "../../server/http/urls";
import { presentPublishedIntegration } from "../../server/presenters/integration";
import { eventsAsText } from "../helpers/events";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer, type ApiResponse } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const unique = () => randomBytes(4).toString("hex");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** The smallest bytes each format is recognized by (the signature is what is checked). */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(32)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), randomBytes(16)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const definition = (organization: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  organization,
  title: "Weather",
  description: "Shows the weather in pages",
  script: "export default {}",
  scopes: ["space:content:read"],
  ...overrides,
});

const ctxOf = (userId: string) => ({ actor: { userId, via: "session" as const }, baseUrl: server.url });

describe("publishing", () => {
  test("the first publish creates the integration with its bot user and shows its token and signing secret once; the next one bumps the version", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const name = `weather-${unique()}`;

    const first = await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "public", categories: ["content"] }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "integration", name, version: 1, title: "Weather", visibility: "public", target: "all", permissions: { admin: true } });
    expect(first.body.token).toMatch(/^qi_[A-Za-z0-9_-]{43}$/);
    expect(first.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(first.body.owner).toMatchObject({ object: "organization", id: tenant.organization.id });

    const row = await db().integration.findUniqueOrThrow({ where: { name }, include: { botUser: true } });
    expect(row.tokenHash).toBe(sha256(first.body.token));
    expect(row.tokenPrefix).toBe(first.body.token.slice(0, 9));
    expect(row.signingSecret).not.toContain(first.body.signingSecret);
    expect(await openSecret(row.signingSecret, `integration-signing:${row.id}`)).toBe(first.body.signingSecret);
    expect(row.botUser).toMatchObject({ email: `${row.id}@integrations.quire.invalid`, displayName: "Weather", passwordHash: null });
    expect(await db().member.count({ where: { userId: row.botUserId } })).toBe(0);

    const second = await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { title: "Weather 2", visibility: "public" }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ version: 2, title: "Weather 2", categories: [] });
    expect(second.body).not.toHaveProperty("token");
    expect(second.body).not.toHaveProperty("signingSecret");
    const after = await db().integration.findUniqueOrThrow({ where: { name }, include: { botUser: true } });
    expect(after.tokenHash).toBe(row.tokenHash);
    expect(after.botUser.displayName).toBe("Weather 2");

    const events = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id, action: "integration.published", targetId: row.id } });
    expect(events.map((event) => (event.payload as { version: number }).version).sort()).toEqual([1, 2]);
  });

  test("the organization is named by id or by subdomain; an unknown one, or one the caller is not in, is 404", async () => {
    const tenant = await createTenant();
    const hostname = `pub${unique()}`;
    await db().organization.update({ where: { id: tenant.organization.id }, data: { hostname } });
    const api = apiClient(server.url, tenant.admin.token);

    const bySubdomain = await api.post(`/v1/integrations/sub-${unique()}`, definition(hostname));
    expect(bySubdomain.status).toBe(200);
    expect(bySubdomain.body.owner.id).toBe(tenant.organization.id);

    for (const organization of ["no-such-organization", tenant.otherOrganization.id]) {
      const refused = await api.post(`/v1/integrations/x-${unique()}`, definition(organization));
      expect(refused.status).toBe(404);
      expect(Object.keys(refused.body.error.details.fields)).toEqual(["organization"]);
    }
  });

  test("only the organization's admins publish; a name another organization published is a conflict", async () => {
    const tenant = await createTenant();
    const name = `taken-${unique()}`;
    const editor = await tenant.member("edit");
    expect((await apiClient(server.url, editor.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id))).status).toBe(403);

    expect((await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id))).status).toBe(200);
    const stolen = await apiClient(server.url, tenant.stranger.token).post(`/v1/integrations/${name}`, definition(tenant.otherOrganization.id));
    expect(stolen.status).toBe(409);
    expect((await db().integration.findUniqueOrThrow({ where: { name } })).organizationId).toBe(tenant.organization.id);
  });

  test("the integration itself republishes with its own token's actor; it cannot move to another organization", async () => {
    const tenant = await createTenant();
    const name = `itself-${unique()}`;
    await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id));
    const row = await db().integration.findUniqueOrThrow({ where: { name } });
    const itself = { actor: { userId: row.botUserId, via: "integration" as const, integration: { id: row.id, name } }, baseUrl: server.url };

    const republished = presentPublishedIntegration(await publishIntegration(itself, name, publishIntegrationInput.parse(definition(tenant.organization.id, { title: "By itself" }))), urlsFor(server.url));
    expect(republished).toMatchObject({ version: 2, title: "By itself", permissions: { admin: true } });
    expect(republished).not.toHaveProperty("token");
    // Its owner as an outsider sees it: the integration is no member of its organization.
    expect(republished.owner.emailDomains).toEqual([]);
    await expect(publishIntegration(itself, name, publishIntegrationInput.parse(definition(tenant.otherOrganization.id)))).rejects.toMatchObject({ code: "not_found" });
    // Its token is for itself: another integration's name is not its to publish.
    await expect(publishIntegration(itself, `other-${unique()}`, publishIntegrationInput.parse(definition(tenant.organization.id)))).rejects.toMatchObject({ code: "not_found" });
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId: tenant.organization.id, action: "integration.published", targetId: row.id, actorType: "integration" } });
    // Recorded as the integration, by the title it was just given.
    expect(event).toMatchObject({ actorId: row.id, actorLabel: "By itself" });
  });

  test("each invalid field is refused with 400 naming it", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const base = definition(tenant.organization.id);
    const property = (value: unknown) => ({ configurations: { space: { properties: { city: value } } } });
    const cases: [string, Record<string, unknown>][] = [
      ["title", { title: "W" }],
      ["title", { title: "W".repeat(31) }],
      ["description", { description: "d".repeat(101) }],
      ["summary", { summary: "s".repeat(2049) }],
      ["previewImages", { previewImages: [1, 2, 3, 4].map(() => PNG.toString("base64")) }],
      ["previewImages.0", { previewImages: [SVG.toString("base64")] }],
      ["icon", { icon: "not base64!" }],
      ["icon", { icon: SVG.toString("base64") }],
      ["icon", { icon: Buffer.concat([PNG, Buffer.alloc(256 * 1024)]).toString("base64") }],
      ["configurations.space.properties.city.type", property({ type: "date" })],
      ["configurations.space.properties.city.title", property({ type: "string", title: "C" })],
      ["configurations.space.required.0", { configurations: { space: { properties: { city: { type: "string" } }, required: ["country"] } } }],
      ["configurations.space.properties.city.callback_url", property({ type: "button", callback_url: "javascript:alert(1)", button_text: "Go" })],
      ["configurations", { configurations: { organization: { properties: {} } } }],
      ["blocks.1.id", { blocks: [{ id: "map", title: "Map" }, { id: "map", title: "Map 2" }] }],
      ["blocks.0.title", { blocks: [{ id: "map", title: "M" }] }],
      ["contentSources.0.configuration", { contentSources: [{ id: "feed", title: "Feed" }] }],
      ["externalLinks", { externalLinks: Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/${i}`, label: "Docs" })) }],
      ["externalLinks.0.url", { externalLinks: [{ url: "javascript:alert(1)", label: "Docs" }] }],
      ["scopes.0", { scopes: ["space:everything"] }],
      ["categories.0", { categories: ["games"] }],
      ["target", { target: "everywhere" }],
      ["visibility", { visibility: "secret" }],
      ["runtime", { runtime: "v3" }],
      ["secrets", { secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`KEY_${i}`, "v"])) }],
      ["secrets.KEY", { secrets: { KEY: "v".repeat(4097) } }],
      ["contentSecurityPolicy", { contentSecurityPolicy: { "script-src-everything": "'self'" } }],
      ["script", { script: "x".repeat(1024 * 1024 + 1) }],
      ["script", { script: undefined }],
      ["endpoint", { endpoint: "ftp://example.com/events" }],
      ["endpoint", { endpoint: "https://user:password@example.com/events" }],
      ["organization", { organization: undefined }],
      ["body", { unknownField: true }],
    ];
    for (const [field, change] of cases) {
      const answer = await api.post(`/v1/integrations/bad-${unique()}`, { ...base, ...change });
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(fieldErrorsOf(answer.body), field).toContain(field === "body" ? "unknownField" : field);
    }
    const badName = await api.post(`/v1/integrations/${encodeURIComponent("bad name")}`, base);
    expect(badName.status).toBe(400);
    expect(Object.keys(badName.body.error.details.fields)).toEqual(["integrationName"]);
    expect(await db().integration.count({ where: { organizationId: tenant.organization.id } })).toBe(0);
  });

  test("a whole definition is kept, images are served with their type, immutable and never sniffed", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const name = `full-${unique()}`;
    const full = definition(tenant.organization.id, {
      visibility: "public",
      target: "space",
      icon: PNG.toString("base64"),
      previewImages: [GIF.toString("base64"), PNG.toString("base64")],
      summary: "# Weather\nIn your pages.",
      categories: ["content", "other"],
      blocks: [{ id: "forecast", title: "Forecast", urlUnfurl: ["https://weather.example.com/**"], markdown: { codeblock: "forecast", body: "city" } }],
      contentSources: [{ id: "feed", title: "Feed", configuration: { componentId: "feed-config" } }],
      externalLinks: [{ url: "https://weather.example.com/docs", label: "Docs" }],
      configurations: { space: { properties: { city: { type: "string", title: "City", enum: ["Paris", "Oslo"], default: "Oslo" }, units: { type: "number" } }, required: ["city"] }, site: { componentId: "site-config" } },
      contentSecurityPolicy: { "script-src": "'self'" },
      endpoint: "https://weather.example.com/events",
    });
    const published = await api.post(`/v1/integrations/${name}`, full);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      target: "space",
      summary: full.summary,
      blocks: full.blocks,
      contentSources: full.contentSources,
      configurations: full.configurations,
      externalLinks: full.externalLinks,
      contentSecurityPolicy: full.contentSecurityPolicy,
    });
    expect(JSON.stringify(published.body)).not.toContain("weather.example.com/events");
    expect(published.body.previewImages).toHaveLength(2);

    const icon = await serveIntegrationAsset(new Request(published.body.urls.icon), name, "icon-0");
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(PNG);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("x-content-type-options")).toBe("nosniff");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const preview = await serveIntegrationAsset(new Request(published.body.previewImages[0]), name, "preview-0");
    expect(preview.headers.get("content-type")).toBe("image/gif");
    // An old URL (another version) is not cached for good; an unknown asset is 404.
    expect((await serveIntegrationAsset(new Request(`${server.url}/x?v=000000000000`), name, "icon-0")).headers.get("cache-control")).toBe("public, no-cache");
    expect((await serveIntegrationAsset(new Request(`${server.url}/x`), name, "preview-2")).status).toBe(404);
    expect((await serveIntegrationAsset(new Request(`${server.url}/x`), name, "../etc")).status).toBe(404);

    // A republish without images drops them.
    await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "public" }));
    expect((await serveIntegrationAsset(new Request(`${server.url}/x`), name, "icon-0")).status).toBe(404);
  });
});

test("a publish at every size limit at once (a 256 KB icon, three 1 MB previews, a 1 MB script) passes the body limit", async () => {
  const tenant = await createTenant();
  const image = (bytes: number) => Buffer.concat([PNG, randomBytes(bytes - PNG.length)]).toString("base64");
  const name = `largest-${unique()}`;
  const body = definition(tenant.organization.id, { icon: image(256 * 1024), previewImages: [1, 2, 3].map(() => image(1024 * 1024)), script: "x".repeat(1024 * 1024) });
  const started = performance.now();
  const answer = await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, body);
  console.log(`publishIntegration of ${(JSON.stringify(body).length / 1024 / 1024).toFixed(1)} MB: ${Math.round(performance.now() - started)} ms`);
  expect(answer.status).toBe(200);
  expect(answer.body.previewImages).toHaveLength(3);
  const sizes = await db().integrationAsset.findMany({ where: { integration: { name } }, select: { kind: true, bytes: true }, orderBy: [{ kind: "asc" }, { position: "asc" }] });
  expect(sizes.map((asset) => [asset.kind, asset.bytes.length])).toEqual([["icon", 256 * 1024], ...[1, 2, 3].map(() => ["preview", 1024 * 1024])]);
  // One byte more in a preview is refused, naming it.
  const over = await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, { ...body, previewImages: [image(1024 * 1024 + 1)] });
  expect(over.status).toBe(400);
  expect(fieldErrorsOf(over.body)).toContain("previewImages.0");
});

describe("visibility", () => {
  test("a private integration is its organization's members' alone: 404 and unlisted to anyone else, its images included", async () => {
    const tenant = await createTenant();
    const name = `private-${unique()}`;
    const published = await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id, { icon: PNG.toString("base64") }));
    expect(published.body.visibility).toBe("private");

    const guest = await tenant.member(null);
    const seen = await apiClient(server.url, guest.token).get(`/v1/integrations/${name}`);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions.admin).toBe(false);

    const outsider = apiClient(server.url, tenant.stranger.token);
    expect((await outsider.get(`/v1/integrations/${name}`)).status).toBe(404);
    expect((await outsider.get(`/v1/integrations?search=${name}`)).body.items).toEqual([]);
    expect((await outsider.get(`/v1/integrations?owner=${tenant.organization.id}`)).body.items).toEqual([]);
    expect((await outsider.get(`/v1/orgs/${tenant.otherOrganization.id}/integrations?search=${name}`)).body.items).toEqual([]);
    expect((await outsider.get(`/v1/orgs/${tenant.organization.id}/integrations`)).status).toBe(404);
    expect((await serveIntegrationAsset(new Request(published.body.urls.icon), name, "icon-0")).status).toBe(404);

    // Its own organization lists it, in the organization's list and under its owner.
    const member = apiClient(server.url, tenant.admin.token);
    expect((await member.get(`/v1/orgs/${tenant.organization.id}/integrations?search=${name}`)).body.items.map((item: { name: string }) => item.name)).toEqual([name]);
    expect((await member.get(`/v1/integrations?owner=${tenant.organization.id}`)).body.items.map((item: { name: string }) => item.name)).toEqual([name]);
    expect((await member.get(`/v1/integrations?search=${name}`)).body.items).toEqual([]);
    const asMember = await serveIntegrationAsset(new Request(published.body.urls.icon, { headers: { authorization: `Bearer ${tenant.admin.token}` } }), name, "icon-0");
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
  });

  test("an unlisted integration is reached by name but not listed, except to an organization that installed it; the owner's email domains stay with its members", async () => {
    const tenant = await createTenant();
    await db().organization.update({ where: { id: tenant.organization.id }, data: { emailDomains: ["owner-secret.example"] } });
    const name = `unlisted-${unique()}`;
    await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "unlisted" }));

    const outsider = apiClient(server.url, tenant.stranger.token);
    const seen = await outsider.get(`/v1/integrations/${name}`);
    expect(seen.status).toBe(200);
    expect(seen.body.owner).toMatchObject({ id: tenant.organization.id, emailDomains: [] });
    expect(JSON.stringify(seen.body)).not.toContain("owner-secret.example");
    expect((await outsider.get(`/v1/integrations?search=${name}`)).body.items).toEqual([]);
    const orgList = `/v1/orgs/${tenant.otherOrganization.id}/integrations?search=${name}`;
    expect((await outsider.get(orgList)).body.items).toEqual([]);

    const integration = await db().integration.findUniqueOrThrow({ where: { name } });
    await db().integrationInstallation.create({ data: { id: newId(), integrationId: integration.id, organizationId: tenant.otherOrganization.id, status: "active" } });
    expect((await outsider.get(orgList)).body.items.map((item: { name: string }) => item.name)).toEqual([name]);

    const own = await apiClient(server.url, tenant.admin.token).get(`/v1/integrations/${name}`);
    expect(own.body.owner.emailDomains).toEqual(["owner-secret.example"]);
  });
});

describe("listing", () => {
  test("each filter of the reference keeps what it names, and pages follow in name order", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const tag = `f${unique()}`;
    const publish = (suffix: string, overrides: Record<string, unknown>) =>
      api.post(`/v1/integrations/${tag}-${suffix}`, definition(tenant.organization.id, { visibility: "public", ...overrides }));
    await publish("a", { categories: ["analytics"], scopes: ["site:views:read"], target: "site" });
    await publish("b", { blocks: [{ id: "embed", title: "Embed", urlUnfurl: ["https://*.figma.com/file/**"] }], target: "space" });
    await publish("c", { contentSources: [{ id: "feed", title: "Feed", configuration: { componentId: "feed" } }], title: "Feeds" });
    await publish("d", { categories: ["analytics", "marketing"], visibility: "unlisted" });

    const names = async (query: string) => {
      const answer: ApiResponse = await api.get(`/v1/integrations?search=${tag}${query}`);
      expect(answer.status).toBe(200);
      return answer.body.items.map((item: { name: string }) => item.name.slice(tag.length + 1));
    };
    expect(await names("")).toEqual(["a", "b", "c"]);
    expect(await names("&category=analytics")).toEqual(["a"]);
    expect(await names("&scope=site:views:read")).toEqual(["a"]);
    expect(await names("&target=site")).toEqual(["a", "c"]);
    expect(await names("&target=all")).toEqual(["c"]);
    expect(await names("&blocks=true")).toEqual(["b"]);
    expect(await names("&blocks=false")).toEqual(["a", "c"]);
    expect(await names("&contentSources=true")).toEqual(["c"]);
    expect(await names("&blockDomain=figma.com")).toEqual(["b"]);
    expect(await names("&blockDomain=www.figma.com")).toEqual([]);
    expect(await names("&blockDomain=ma.com")).toEqual([]);
    expect(await names(`&owner=${tenant.otherOrganization.id}`)).toEqual([]);
    // The owner's members see every integration of theirs under `owner`, the unlisted one included.
    expect(await names(`&owner=${tenant.organization.id}`)).toEqual(["a", "b", "c", "d"]);
    const hostname = `own${unique()}`;
    await db().organization.update({ where: { id: tenant.organization.id }, data: { hostname } });
    expect(await names(`&owner=${hostname}`)).toEqual(["a", "b", "c", "d"]);
    expect((await apiClient(server.url, tenant.stranger.token).get(`/v1/integrations?search=${tag}&owner=${hostname}`)).body.items.map((item: { name: string }) => item.name.slice(tag.length + 1))).toEqual(["a", "b", "c"]);
    // `search` also finds titles.
    expect((await api.get(`/v1/integrations?owner=${tenant.organization.id}&search=feeds`)).body.items.map((item: { name: string }) => item.name)).toEqual([`${tag}-c`]);

    const first = await api.get(`/v1/integrations?search=${tag}&limit=2`);
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual([`${tag}-a`, `${tag}-b`]);
    const second = await api.get(`/v1/integrations?search=${tag}&limit=2&page=${first.body.next.page}`);
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual([`${tag}-c`]);
    expect(second.body.next).toBeUndefined();

    for (const bad of ["category=games", "scope=space:all", "target=moon", "blocks=yes", "blockDomain=a%20b", "page=bm9wZQ"]) {
      expect((await api.get(`/v1/integrations?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("secrets and tokens", () => {
  test("secrets are sealed in the database and appear in no answer", async () => {
    const tenant = await createTenant();
    const api = apiClient(server.url, tenant.admin.token);
    const name = `secretive-${unique()}`;
    const secret = `s3cret-${unique()}-value`;
    const answers: ApiResponse[] = [];
    answers.push(await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "public", secrets: { API_KEY: secret } })));
    answers.push(await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "public", secrets: { API_KEY: secret, OTHER: "x" } })));
    answers.push(await api.get(`/v1/integrations/${name}`));
    answers.push(await api.get(`/v1/integrations?search=${name}`));
    answers.push(await api.get(`/v1/orgs/${tenant.organization.id}/integrations?search=${name}`));
    answers.push(await apiClient(server.url, tenant.stranger.token).get(`/v1/integrations/${name}`));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    expect(JSON.stringify(await getIntegrationDeveloperSettings(ctxOf(tenant.admin.user.id), name))).not.toContain(secret);

    const [row] = await db().$queryRaw<Record<string, unknown>[]>`SELECT * FROM integrations WHERE name = ${name}`;
    expect(JSON.stringify(row)).not.toContain(secret);
    const integration = await db().integration.findUniqueOrThrow({ where: { name } });
    expect(JSON.parse(await openSecret(integration.secrets!, `integration-secrets:${integration.id}`))).toEqual({ API_KEY: secret, OTHER: "x" });
    const events = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id } });
    expect(eventsAsText(events)).not.toContain(secret);
  });

  test("regenerating the token shows a new token and signing secret once; the old token's hash is gone", async () => {
    const tenant = await createTenant();
    const name = `rotating-${unique()}`;
    const first = await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id));

    const editor = await tenant.member("edit");
    await expect(regenerateIntegrationToken(ctxOf(editor.user.id), name)).rejects.toMatchObject({ code: "forbidden" });
    await expect(regenerateIntegrationToken(ctxOf(tenant.stranger.user.id), name)).rejects.toMatchObject({ code: "not_found" });

    // The token works as the integration itself: it administers itself, and republishes over /v1.
    const asItself = apiClient(server.url, first.body.token);
    expect((await asItself.get(`/v1/integrations/${name}`)).body.permissions).toEqual({ admin: true });
    expect((await asItself.post(`/v1/integrations/${name}`, definition(tenant.organization.id))).body.version).toBe(2);

    const rotated = await regenerateIntegrationToken(ctxOf(tenant.admin.user.id), name);
    expect((await asItself.get(`/v1/integrations/${name}`)).status).toBe(401);
    expect((await apiClient(server.url, rotated.token).get(`/v1/integrations/${name}`)).status).toBe(200);
    expect(rotated.token).toMatch(/^qi_/);
    expect(rotated.token).not.toBe(first.body.token);
    expect(rotated.signingSecret).not.toBe(first.body.signingSecret);
    const row = await db().integration.findUniqueOrThrow({ where: { name } });
    expect(row.tokenHash).toBe(sha256(rotated.token));
    expect(await db().integration.count({ where: { tokenHash: sha256(first.body.token) } })).toBe(0);
    expect(await openSecret(row.signingSecret, `integration-signing:${row.id}`)).toBe(rotated.signingSecret);
    expect(await getIntegrationDeveloperSettings(ctxOf(tenant.admin.user.id), name)).toEqual({ endpoint: null, devTunnelUrl: null, devAll: false, tokenPrefix: rotated.token.slice(0, 9) });
    expect(await db().domainEvent.count({ where: { organizationId: tenant.organization.id, action: "integration.token_regenerated" } })).toBe(1);
  });
});

describe("unpublishing and development mode", () => {
  test("unpublishing removes the integration and its installations (205), then is 204; only admins may", async () => {
    const tenant = await createTenant();
    const name = `leaving-${unique()}`;
    const api = apiClient(server.url, tenant.admin.token);
    const { token } = (await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { visibility: "public", icon: PNG.toString("base64") }))).body;
    expect((await apiClient(server.url, token).get("/v1/integrations")).status).toBe(200);
    const integration = await db().integration.findUniqueOrThrow({ where: { name } });
    const installationId = newId();
    await db().integrationInstallation.create({ data: { id: installationId, integrationId: integration.id, organizationId: tenant.otherOrganization.id, status: "active" } });
    await db().integrationInstallationToken.create({ data: { id: newId(), installationId, tokenHash: sha256(unique()), expiresAt: new Date(Date.now() + 3_600_000) } });

    const editor = await tenant.member("edit");
    expect((await apiClient(server.url, editor.token).delete(`/v1/integrations/${name}`)).status).toBe(403);
    expect((await apiClient(server.url, tenant.stranger.token).delete(`/v1/integrations/${name}`)).status).toBe(403);

    expect((await api.delete(`/v1/integrations/${name}`)).status).toBe(205);
    expect(await db().integration.count({ where: { name } })).toBe(0);
    expect(await db().integrationInstallation.count({ where: { id: installationId } })).toBe(0);
    expect(await db().integrationInstallationToken.count({ where: { installationId } })).toBe(0);
    expect(await db().integrationAsset.count({ where: { integrationId: integration.id } })).toBe(0);
    expect(await db().domainEvent.count({ where: { organizationId: tenant.organization.id, action: "integration.unpublished", targetId: integration.id } })).toBe(1);
    expect(await db().domainEvent.count({ where: { organizationId: tenant.otherOrganization.id, action: "integration_installation.deleted", targetId: installationId } })).toBe(1);
    expect((await api.delete(`/v1/integrations/${name}`)).status).toBe(204);
    expect((await api.get(`/v1/integrations/${name}`)).status).toBe(404);
    // Its token went with it.
    expect((await apiClient(server.url, token).get("/v1/integrations")).status).toBe(401);
  });

  test("another organization's private integration is already gone to an outsider: 204, and it stays", async () => {
    const tenant = await createTenant();
    const name = `hidden-${unique()}`;
    await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${name}`, definition(tenant.organization.id));
    expect((await apiClient(server.url, tenant.stranger.token).delete(`/v1/integrations/${name}`)).status).toBe(204);
    expect(await db().integration.count({ where: { name } })).toBe(1);
  });

  test("development mode is switched on with an http(s) tunnel and off again, by admins alone", async () => {
    const tenant = await createTenant();
    const name = `dev-${unique()}`;
    const api = apiClient(server.url, tenant.admin.token);
    await api.post(`/v1/integrations/${name}`, definition(tenant.organization.id, { endpoint: "https://hooks.example.com/quire" }));

    for (const tunnelUrl of ["javascript:alert(1)", "file:///etc/passwd", "https://user:pass@tunnel.example.com/", `https://tunnel.example.com/${"x".repeat(300)}`]) {
      const refused = await api.put(`/v1/integrations/${name}/dev`, { tunnelUrl });
      expect(refused.status, tunnelUrl).toBe(400);
      expect(Object.keys(refused.body.error.details.fields)).toEqual(["tunnelUrl"]);
    }
    const editor = await tenant.member("edit");
    expect((await apiClient(server.url, editor.token).put(`/v1/integrations/${name}/dev`, { tunnelUrl: "https://tunnel.example.com/" })).status).toBe(403);
    expect((await apiClient(server.url, tenant.stranger.token).put(`/v1/integrations/${name}/dev`, { tunnelUrl: "https://tunnel.example.com/" })).status).toBe(404);
    expect((await api.put(`/v1/integrations/no-such-${unique()}/dev`, { tunnelUrl: "https://tunnel.example.com/" })).status).toBe(404);

    expect((await api.put(`/v1/integrations/${name}/dev`, { tunnelUrl: "https://tunnel.example.com/", all: true })).status).toBe(204);
    expect(await getIntegrationDeveloperSettings(ctxOf(tenant.admin.user.id), name)).toMatchObject({ endpoint: "https://hooks.example.com/quire", devTunnelUrl: "https://tunnel.example.com/", devAll: true });
    await expect(getIntegrationDeveloperSettings(ctxOf(editor.user.id), name)).rejects.toMatchObject({ code: "forbidden" });
    expect(JSON.stringify((await api.get(`/v1/integrations/${name}`)).body)).not.toContain("tunnel.example.com");

    expect((await apiClient(server.url, editor.token).delete(`/v1/integrations/${name}/dev`)).status).toBe(403);
    expect((await api.delete(`/v1/integrations/${name}/dev`)).status).toBe(205);
    expect((await api.delete(`/v1/integrations/${name}/dev`)).status).toBe(205);
    expect(await getIntegrationDeveloperSettings(ctxOf(tenant.admin.user.id), name)).toMatchObject({ devTunnelUrl: null, devAll: false });
    const changes = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id, action: "integration.development_mode_changed" }, orderBy: { occurredAt: "asc" } });
    expect(changes.map((event) => (event.payload as { enabled: boolean }).enabled)).toEqual([true, false]);
    expect(eventsAsText(changes)).not.toContain("tunnel.example.com");
  });
});
