import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

type Api = ReturnType<typeof apiClient>;

async function setup() {
  const tenant = await createTenant();
  const orgId = tenant.organization.id;
  return {
    tenant,
    orgId,
    admin: apiClient(server.url, tenant.admin.token),
    stranger: apiClient(server.url, tenant.stranger.token),
    anonymous: apiClient(server.url),
    sites: `/v1/orgs/${orgId}/sites`,
  };
}

async function newSpace(api: Api, orgId: string, title = "Guides") {
  const created = await api.post(`/v1/orgs/${orgId}/spaces`, { title });
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string; urls: Record<string, string> };
}

async function newSite(api: Api, orgId: string, body: Record<string, unknown> = {}) {
  const created = await api.post(`/v1/orgs/${orgId}/sites`, { title: "Docs", ...body });
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string; basename: string; siteSpaces: number; published: boolean; urls: Record<string, string> };
}

describe("createSite, getSiteById", () => {
  test("creates an unpublished basic site with root-level site spaces, 201 with Location; reads it back", async () => {
    const { admin, orgId, sites } = await setup();
    const a = await newSpace(admin, orgId, "Guides");
    const b = await newSpace(admin, orgId, "Reference");
    const created = await admin.post(sites, { title: "Developer docs", visibility: "unlisted", spaces: [a.id, b.id] });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${server.url}/v1/orgs/${orgId}/sites/${created.body.id}`);
    expect(created.body).toMatchObject({
      object: "site",
      type: "basic",
      appliedType: "basic",
      title: "Developer docs",
      visibility: "unlisted",
      published: false,
      siteSpaces: 2,
      defaultLevel: "inherit",
      adaptiveContent: { enabled: false },
      agentsContext: "included",
      icon: null,
      features: [],
      permissions: { view: true, access: true, edit: true, create: true, admin: true, viewAdaptiveSchema: true, editAdaptiveSchema: true },
    });
    expect(created.body.basename).toMatch(/^developer-docs(-\d+)?$/);
    expect(created.body.urls.published).toBeUndefined();
    expect(created.body.urls.app).toBe(`${server.url}/o/${orgId}/sites/${created.body.id}`);
    const rows = await db().siteSpace.findMany({ where: { siteId: created.body.id }, orderBy: { position: "asc" } });
    expect(rows.map((row) => [row.spaceId, row.sectionId, row.isDefault])).toEqual([
      [a.id, null, true],
      [b.id, null, false],
    ]);
    const read = await admin.get(`${sites}/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  test("defaults: title, public visibility; createSpace adds a new space titled after the site; basenames stay unique", async () => {
    const { admin, orgId, sites } = await setup();
    const bare = await admin.post(sites, {});
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ title: "Untitled site", visibility: "public", siteSpaces: 0 });
    const withSpace = await newSite(admin, orgId, { title: "Handbook", createSpace: true });
    expect(withSpace.siteSpaces).toBe(1);
    const [row] = await db().siteSpace.findMany({ where: { siteId: withSpace.id }, include: { space: true } });
    expect(row!.space).toMatchObject({ title: "Handbook", organizationId: orgId });
    const again = await newSite(admin, orgId, { title: "Handbook" });
    expect(again.basename).not.toBe(withSpace.basename);
    // A title that is a reserved route never gives its basename.
    expect((await newSite(admin, orgId, { title: "Settings" })).basename).not.toBe("settings");
  });

  test("sites created at once with the same title each get a basename of their own", async () => {
    const { admin, orgId, sites } = await setup();
    const title = `Same ${orgId}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post(sites, { title })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body.basename)).size).toBe(6);
  });

  test("400 names the field; spaces of another organization or in the trash are not found", async () => {
    const { admin, stranger, orgId, sites, tenant } = await setup();
    for (const [body, field] of [
      [{ title: "x" }, "title"],
      [{ title: "x".repeat(129) }, "title"],
      [{ visibility: "private" }, "visibility"],
      [{ type: "enterprise" }, "type"],
      [{ spaces: "abc" }, "spaces"],
      [{ spaces: ["bad id!"] }, "spaces"],
    ] as const) {
      const answer = await admin.post(sites, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fieldErrorsOf(answer.body)).toMatch(new RegExp(`^${field}`));
    }
    const foreign = await newSpace(stranger, tenant.otherOrganization.id);
    const refused = await admin.post(sites, { title: "Docs", spaces: [foreign.id] });
    expect(refused.status).toBe(404);
    expect(fieldErrorsOf(refused.body)).toMatch(/^spaces: /);
    const trashed = await newSpace(admin, orgId);
    expect((await admin.delete(`/v1/spaces/${trashed.id}`)).status).toBe(204);
    expect((await admin.post(sites, { title: "Docs", spaces: [trashed.id] })).status).toBe(404);
    expect(await db().site.count({ where: { organizationId: orgId } })).toBe(0);
  });

  test("401 without a token, 404 in another organization, 403 without the create role", async () => {
    const { admin, anonymous, stranger, tenant, orgId, sites } = await setup();
    expect((await anonymous.post(sites, {})).status).toBe(401);
    expect((await stranger.post(sites, {})).status).toBe(404);
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.post(sites, {})).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    const created = await creator.post(sites, { title: "Mine" });
    expect(created.status).toBe(201);
    // The creator's role follows the organization's: they shape the structure, admins run the settings.
    expect(created.body.permissions).toMatchObject({ create: true, admin: false });
    const site = await newSite(admin, orgId);
    expect((await stranger.get(`${sites}/${site.id}`)).status).toBe(404);
    expect((await stranger.get(`/v1/orgs/${tenant.otherOrganization.id}/sites/${site.id}`)).status).toBe(404);
  });
});

describe("listSites", () => {
  test("pages with next.page and counts; filters by space, title and published", async () => {
    const { admin, orgId, sites } = await setup();
    const space = await newSpace(admin, orgId);
    const first = await newSite(admin, orgId, { title: "Alpha docs", spaces: [space.id] });
    const second = await newSite(admin, orgId, { title: "Beta guide" });
    const third = await newSite(admin, orgId, { title: "Gamma docs", spaces: [space.id] });
    expect((await admin.post(`${sites}/${second.id}/publish`)).status).toBe(200);

    const page1 = await admin.get(`${sites}?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(3);
    expect(page1.body.items.map((site: { id: string }) => site.id)).toEqual([first.id, second.id]);
    const page2 = await admin.get(`${sites}?limit=2&page=${page1.body.next.page}`);
    expect(page2.body.items.map((site: { id: string }) => site.id)).toEqual([third.id]);
    expect(page2.body.next).toBeUndefined();

    const ids = async (query: string) => ((await admin.get(`${sites}?${query}`)).body.items as { id: string }[]).map((site) => site.id);
    expect(await ids(`space=${space.id}`)).toEqual([first.id, third.id]);
    expect(await ids("title=DOCS")).toEqual([first.id, third.id]);
    expect(await ids("published=true")).toEqual([second.id]);
    expect(await ids("published=false")).toEqual([first.id, third.id]);
    expect(await ids("type=basic&type=premium")).toHaveLength(3);
    expect(await ids("type=premium")).toEqual([]);
    expect(await ids("type=sponsored")).toEqual([]);
    expect((await admin.get(`${sites}?type=gold`)).status).toBe(400);
    const counts = (await admin.get(sites)).body.items.map((site: { siteSpaces: number }) => site.siteSpaces);
    expect(counts).toEqual([1, 0, 1]);

    expect((await admin.get(`${sites}?published=yes`)).status).toBe(400);
    expect((await admin.get(`${sites}?limit=0`)).status).toBe(400);
    expect((await admin.get(`${sites}?page=%25%25`)).status).toBe(400);
  });

  test("members see sites by their default level and grants; guests only granted ones", async () => {
    const { admin, tenant, orgId, sites } = await setup();
    const open = await newSite(admin, orgId, { title: "Open" });
    const closed = await newSite(admin, orgId, { title: "Closed" });
    expect((await admin.patch(`${sites}/${closed.id}`, { defaultLevel: null })).status).toBe(200);
    const reader = await tenant.member("read");
    const guest = await tenant.member(null);
    const readerApi = apiClient(server.url, reader.token);
    const guestApi = apiClient(server.url, guest.token);
    const listed = async (api: Api) => ((await api.get(sites)).body.items as { id: string }[]).map((site) => site.id);
    expect(await listed(readerApi)).toEqual([open.id]);
    expect(await listed(guestApi)).toEqual([]);
    expect((await readerApi.get(`${sites}/${closed.id}`)).status).toBe(404);
    await db().contentGrant.create({ data: { id: `g${Date.now()}`, organizationId: orgId, siteId: closed.id, userId: guest.user.id, role: "read" } });
    expect(await listed(guestApi)).toEqual([closed.id]);
    const read = await guestApi.get(`${sites}/${closed.id}`);
    expect(read.status).toBe(200);
    expect(read.body.permissions).toEqual({
      view: true,
      access: true,
      edit: false,
      create: false,
      admin: false,
      installIntegration: false,
      viewAdaptiveSchema: false,
      editAdaptiveSchema: false,
    });
    const readerSite = await readerApi.get(`${sites}/${open.id}`);
    expect(readerSite.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
  });
});

describe("permissions", () => {
  test("each organization role gets the site permissions its role allows", async () => {
    const { admin, tenant, orgId, sites } = await setup();
    const site = await newSite(admin, orgId);
    const expected = {
      read: { view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false },
      comment: { view: true, access: true, edit: false, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false },
      edit: { view: true, access: true, edit: true, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false },
      review: { view: true, access: true, edit: true, create: false, admin: false, installIntegration: false, viewAdaptiveSchema: false, editAdaptiveSchema: false },
      create: { view: true, access: true, edit: true, create: true, admin: false, installIntegration: false, viewAdaptiveSchema: true, editAdaptiveSchema: false },
      admin: { view: true, access: true, edit: true, create: true, admin: true, installIntegration: true, viewAdaptiveSchema: true, editAdaptiveSchema: true },
    } as const;
    for (const [role, permissions] of Object.entries(expected)) {
      const api = apiClient(server.url, (await tenant.member(role as keyof typeof expected)).token);
      const read = await api.get(`${sites}/${site.id}`);
      expect(read.status, role).toBe(200);
      expect(read.body.permissions, role).toEqual(permissions);
      expect((await api.get(sites)).body.items[0].permissions, role).toEqual(permissions);
    }
    // The site's default level caps members below admin; organization admins keep everything.
    await admin.patch(`${sites}/${site.id}`, { defaultLevel: "read" });
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.get(`${sites}/${site.id}`)).body.permissions).toEqual(expected.read);
    expect((await admin.get(`${sites}/${site.id}`)).body.permissions).toEqual(expected.admin);
  });
});

describe("updateSiteById", () => {
  test("changes the settings; null removes hostname, proxy and icon", async () => {
    const { admin, orgId, sites } = await setup();
    const site = await newSite(admin, orgId);
    const path = `${sites}/${site.id}`;
    const basename = `docs-${site.id.toLowerCase()}`;
    const hostname = `docs.${site.id.toLowerCase()}.example.com`;
    const changed = await admin.patch(path, {
      title: "Renamed",
      visibility: "share-link",
      basename,
      hostname,
      proxy: "example.com/docs",
      adaptiveContent: { enabled: true },
      agentsContext: "excluded",
      defaultLevel: "read",
      icon: { emoji: "1f4d8" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: "Renamed",
      visibility: "share-link",
      basename,
      hostname,
      proxy: { origin: "example.com/docs", target: `https://${hostname}` },
      adaptiveContent: { enabled: true },
      agentsContext: "excluded",
      defaultLevel: "read",
      icon: { emoji: "1f4d8" },
    });
    expect(changed.body.urls.preview).toBe("https://example.com/docs");
    const cleared = await admin.patch(path, { hostname: null, proxy: null, icon: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.hostname).toBeUndefined();
    expect(cleared.body.proxy).toBeUndefined();
    expect(cleared.body.icon).toBeNull();
    expect(cleared.body.urls.preview).toBe(`${server.url}/${basename}`);
    const events = await db().domainEvent.findMany({ where: { targetId: site.id, action: "site.updated" } });
    expect(events).toHaveLength(2);
    expect(events[0]!.payload).toMatchObject({ siteId: site.id });
    // Nothing to change records nothing.
    expect((await admin.patch(path, { title: "Renamed" })).status).toBe(200);
    expect(await db().domainEvent.count({ where: { targetId: site.id, action: "site.updated" } })).toBe(2);
  });

  test("400 names the field for bounds and patterns", async () => {
    const { admin, orgId, sites } = await setup();
    const path = `${sites}/${(await newSite(admin, orgId)).id}`;
    for (const [body, field] of [
      [{ title: "x" }, "title"],
      [{ basename: "" }, "basename"],
      [{ basename: "x".repeat(101) }, "basename"],
      [{ basename: "Has Space" }, "basename"],
      [{ basename: "../etc" }, "basename"],
      [{ basename: "api" }, "basename"],
      [{ basename: "v1" }, "basename"],
      [{ hostname: "localhost" }, "hostname"],
      [{ hostname: "example.com" }, "hostname"],
      [{ hostname: "Docs.Example.com" }, "hostname"],
      [{ proxy: "https://example.com/docs" }, "proxy"],
      [{ proxy: "example.com" }, "proxy"],
      [{ proxy: `example.com/${"a".repeat(520)}` }, "proxy"],
      [{ visibility: "private" }, "visibility"],
      [{ agentsContext: "maybe" }, "agentsContext"],
      [{ adaptiveContent: true }, "adaptiveContent"],
      [{ defaultLevel: "owner" }, "defaultLevel"],
      [{ icon: { icon: { light: "javascript:alert(1)", dark: "https://x.test/a.png" } } }, "icon"],
      [{ defaultSiteSpace: "nope" }, "defaultSiteSpace"],
      [{ defaultSiteSection: "nope" }, "defaultSiteSection"],
    ] as const) {
      const answer = await admin.patch(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fieldErrorsOf(answer.body), JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
  });

  test("a hostname or basename another site has is a 409 naming the field, across organizations", async () => {
    const { admin, stranger, orgId, sites, tenant } = await setup();
    const mine = await newSite(admin, orgId);
    const theirs = await newSite(stranger, tenant.otherOrganization.id);
    const hostname = `docs.${theirs.id.toLowerCase()}.example.org`;
    expect((await stranger.patch(`/v1/orgs/${tenant.otherOrganization.id}/sites/${theirs.id}`, { hostname })).status).toBe(200);
    const taken = await admin.patch(`${sites}/${mine.id}`, { hostname });
    expect(taken.status).toBe(409);
    expect(fieldErrorsOf(taken.body)).toMatch(/^hostname: /);
    const basename = await admin.patch(`${sites}/${mine.id}`, { basename: theirs.basename });
    expect(basename.status).toBe(409);
    expect(fieldErrorsOf(basename.body)).toMatch(/^basename: /);
    // Its own values are not a conflict.
    expect((await admin.patch(`${sites}/${mine.id}`, { basename: mine.basename })).status).toBe(200);
  });

  test("defaultSiteSpace picks the root default", async () => {
    const { admin, orgId, sites } = await setup();
    const a = await newSpace(admin, orgId, "A");
    const b = await newSpace(admin, orgId, "B");
    const site = await newSite(admin, orgId, { spaces: [a.id, b.id] });
    const second = await db().siteSpace.findFirstOrThrow({ where: { siteId: site.id, spaceId: b.id } });
    expect((await admin.patch(`${sites}/${site.id}`, { defaultSiteSpace: second.id })).status).toBe(200);
    const rows = await db().siteSpace.findMany({ where: { siteId: site.id }, orderBy: { position: "asc" } });
    expect(rows.map((row) => row.isDefault)).toEqual([false, true]);
    expect(await db().domainEvent.findFirst({ where: { targetId: site.id, action: "site.updated" } })).toMatchObject({ payload: { changed: ["defaultSiteSpace"] } });
  });

  test("defaultSiteSection picks the section served at the site's URL; published URLs follow sections and paths", async () => {
    const { admin, orgId, sites } = await setup();
    const a = await newSpace(admin, orgId, "Guides");
    const b = await newSpace(admin, orgId, "Reference");
    const site = await newSite(admin, orgId, { spaces: [a.id] });
    const added = await admin.post(`${sites}/${site.id}/sections`, { spaceId: b.id, title: "Reference" });
    expect(added.status).toBe(201);
    const sections = await db().siteSection.findMany({ where: { siteId: site.id }, orderBy: { position: "asc" } });
    expect(sections).toHaveLength(2);
    const [first, second] = sections;
    expect(first!.isDefault).toBe(true);
    expect((await admin.patch(`${sites}/${site.id}`, { defaultSiteSection: second!.id })).status).toBe(200);
    expect((await db().siteSection.findMany({ where: { siteId: site.id }, orderBy: { position: "asc" } })).map((section) => section.isDefault)).toEqual([false, true]);
    const published = await admin.post(`${sites}/${site.id}/publish`);
    const root = published.body.urls.published;
    expect((await admin.get(`/v1/spaces/${b.id}`)).body.urls.published).toBe(root);
    expect((await admin.get(`/v1/spaces/${a.id}`)).body.urls.published).toBe(`${root}/${first!.path}`);
    // A site space outside the default section is not the site's default.
    const outside = await db().siteSpace.findFirstOrThrow({ where: { siteId: site.id, spaceId: a.id } });
    const refused = await admin.patch(`${sites}/${site.id}`, { defaultSiteSpace: outside.id });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused.body)).toMatch(/^defaultSiteSpace: /);
  });

  test("403 below admin on the site, 404 from another organization", async () => {
    const { admin, stranger, tenant, orgId, sites } = await setup();
    const site = await newSite(admin, orgId);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.patch(`${sites}/${site.id}`, { title: "Mine now" })).status).toBe(403);
    expect((await stranger.patch(`${sites}/${site.id}`, { title: "Mine now" })).status).toBe(404);
    expect((await stranger.patch(`/v1/orgs/${tenant.otherOrganization.id}/sites/${site.id}`, { title: "Mine now" })).status).toBe(404);
  });
});

describe("publishSite, unpublishSite", () => {
  test("flip published and the published URL; spaces in a published site get their published URLs", async () => {
    const { admin, orgId, sites } = await setup();
    const space = await newSpace(admin, orgId);
    const site = await newSite(admin, orgId, { spaces: [space.id] });
    expect(space.urls.published).toBeUndefined();
    const published = await admin.post(`${sites}/${site.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    expect(published.body.urls.published).toBe(`${server.url}/${site.basename}`);
    const read = await admin.get(`/v1/spaces/${space.id}`);
    expect(read.body.urls.published).toBe(`${server.url}/${site.basename}`);
    expect(read.body.urls.public).toBe(`${server.url}/${site.basename}`);
    const listed = await admin.get(`/v1/orgs/${orgId}/spaces`);
    expect(listed.body.items.find((item: { id: string }) => item.id === space.id).urls.published).toBe(`${server.url}/${site.basename}`);
    // Publishing again changes nothing.
    expect((await admin.post(`${sites}/${site.id}/publish`)).body.published).toBe(true);
    expect(await db().domainEvent.count({ where: { targetId: site.id, action: "site.published" } })).toBe(1);

    const unpublished = await admin.post(`${sites}/${site.id}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.published).toBe(false);
    expect(unpublished.body.urls.published).toBeUndefined();
    expect((await admin.get(`/v1/spaces/${space.id}`)).body.urls.published).toBeUndefined();
  });

  test("403 below admin, 404 from another organization", async () => {
    const { admin, stranger, tenant, orgId, sites } = await setup();
    const site = await newSite(admin, orgId);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.post(`${sites}/${site.id}/publish`)).status).toBe(403);
    expect((await stranger.post(`${sites}/${site.id}/publish`)).status).toBe(404);
    expect((await stranger.post(`${sites}/${site.id}/unpublish`)).status).toBe(404);
  });
});

describe("deleteSiteById", () => {
  test("deletes the site and its site spaces, keeps the spaces; 204 again when absent", async () => {
    const { admin, orgId, sites } = await setup();
    const space = await newSpace(admin, orgId);
    const site = await newSite(admin, orgId, { spaces: [space.id] });
    expect((await admin.delete(`${sites}/${site.id}`)).status).toBe(204);
    expect((await admin.get(`${sites}/${site.id}`)).status).toBe(404);
    expect(await db().siteSpace.count({ where: { siteId: site.id } })).toBe(0);
    expect((await admin.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    expect((await admin.delete(`${sites}/${site.id}`)).status).toBe(204);
    expect(await db().domainEvent.count({ where: { targetId: site.id, action: "site.deleted" } })).toBe(1);
  });

  test("403 below admin; a site the caller cannot find (another organization's) is already gone: 204, left alone", async () => {
    const { admin, stranger, tenant, orgId, sites } = await setup();
    const site = await newSite(admin, orgId);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.delete(`${sites}/${site.id}`)).status).toBe(403);
    expect((await stranger.delete(`${sites}/${site.id}`)).status).toBe(204);
    expect((await stranger.delete(`/v1/orgs/${tenant.otherOrganization.id}/sites/${site.id}`)).status).toBe(204);
    expect(await db().site.count({ where: { id: site.id } })).toBe(1);
  });
});

describe("tRPC sites.*", () => {
  test("answers the /v1 Site objects: list with a cursor, create, update, publish, delete", async () => {
    const { tenant, orgId, admin, sites } = await setup();
    const trpc = createCallerFactory(appRouter)({ actor: { userId: tenant.admin.user.id, via: "session" } satisfies Actor, baseUrl: server.url });
    const space = await newSpace(admin, orgId);
    const created = await trpc.sites.create({ organizationId: orgId, title: "From the app", spaces: [space.id] });
    expect(created).toEqual((await admin.get(`${sites}/${created.id}`)).body);
    const second = await trpc.sites.create({ organizationId: orgId, title: "Second", createSpace: true });
    const first = await trpc.sites.list({ organizationId: orgId, limit: 1 });
    expect(first.items.map((site) => site.id)).toEqual([created.id]);
    const next = await trpc.sites.list({ organizationId: orgId, limit: 1, cursor: first.next!.page });
    expect(next.items.map((site) => site.id)).toEqual([second.id]);
    expect((await trpc.sites.list({ organizationId: orgId, space: space.id })).items.map((site) => site.id)).toEqual([created.id]);
    expect(await trpc.sites.update({ organizationId: orgId, siteId: created.id, title: "Renamed", hostname: null })).toMatchObject({ title: "Renamed" });
    expect((await trpc.sites.publish({ organizationId: orgId, siteId: created.id })).published).toBe(true);
    expect((await trpc.sites.unpublish({ organizationId: orgId, siteId: created.id })).published).toBe(false);
    expect(await trpc.sites.get({ organizationId: orgId, siteId: second.id })).toMatchObject({ siteSpaces: 1 });
    await trpc.sites.delete({ organizationId: orgId, siteId: second.id });
    await expect(trpc.sites.get({ organizationId: orgId, siteId: second.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(trpc.sites.create({ organizationId: orgId, title: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
