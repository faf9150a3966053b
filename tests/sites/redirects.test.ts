import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { candidateSources, sourcePathProblem } from "../../server/sites/redirects/source-path";
import { commitPages, createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** A site's redirects (the reference's `site-redirects` operations). */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** A site with a default section "guides" holding a site space of a space with pages `start` and `start/install`. */
async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Guides" })).body as { id: string };
  const startId = newId();
  const installId = newId();
  await commitPages(space.id, [
    { id: startId, title: "Start", slug: "start" },
    { id: installId, title: "Install", slug: "install", parentId: startId },
  ]);
  const site = await createSite(organizationId, { published: true });
  const section = await db().siteSection.create({ data: { id: newId(), siteId: site.id, title: "Guides", path: "guides", isDefault: true, position: 0 } });
  const other = await db().siteSection.create({ data: { id: newId(), siteId: site.id, title: "API", path: "api", position: 1 } });
  const siteSpace = await db().siteSpace.create({ data: { id: newId(), siteId: site.id, sectionId: section.id, spaceId: space.id, path: "v2", isDefault: true, position: 0 } });
  const redirects = `/v1/orgs/${organizationId}/sites/${site.id}/redirects`;
  const bySource = (source: string) => `/v1/orgs/${organizationId}/sites/${site.id}/redirect?source=${encodeURIComponent(source)}`;
  return { tenant, organizationId, admin, space, site, section, other, siteSpace, startId, installId, redirects, bySource, as: (who: { token: string }) => apiClient(server.url, who.token) };
}

describe("source paths", () => {
  test("the reference's SiteRedirectSourcePath, by a linear scanner", () => {
    for (const good of ["/a", "/a/b", "/a-b.c_d~e+f", "/%20x", "/a/*", "/a*", "/docs/v1/*", `/${"a".repeat(511)}`]) expect(sourcePathProblem(good), good).toBeNull();
    for (const bad of ["", "a", "/", "/*", "//a", "/a/", "/a//b", "/a*b", "/a/*/b", "/**", "/a b", "/%2", "/%zz", "/é", "/a?b", `/${"a".repeat(512)}`]) {
      expect(sourcePathProblem(bad), bad).not.toBeNull();
    }
    // Long input is refused by its length before it is scanned.
    expect(sourcePathProblem(`/${"a/".repeat(500_000)}*`)).toMatch(/at most 512/);
    // A lone "/*" is no source, so it is never a candidate.
    expect(candidateSources("/a/b")).toEqual(["/a/b", "/a/b*", "/a/*", "/a*"]);
  });
});

describe("site redirects", () => {
  test("create to a section, a site space, a page (also by path) and an external URL; 409 on a taken source", async () => {
    const { admin, redirects, section, siteSpace, space, installId, organizationId, site } = await setup();
    const toSection = await admin.post(redirects, { source: "/old-guides", destination: { kind: "site-section", siteSectionId: section.id } });
    expect(toSection.status, JSON.stringify(toSection.body)).toBe(201);
    expect(toSection.body).toMatchObject({ object: "site-redirect", source: "/old-guides", draft: false, permanent: false, captureWildcard: false });
    expect(toSection.body.updatedAt).toBeUndefined();
    expect((await admin.post(redirects, { source: "/v2", destination: { kind: "site-space", siteSpaceId: siteSpace.id }, permanent: true })).body.permanent).toBe(true);
    const byPath = await admin.post(redirects, { source: "/setup", destination: { kind: "path", spaceId: space.id, path: "/start/install" } });
    expect(byPath.body.destination).toEqual({ kind: "site-page", siteSpaceId: siteSpace.id, pageId: installId });
    expect((await admin.post(redirects, { source: "/blog/*", destination: { kind: "external", url: "https://blog.example.com" }, captureWildcard: true })).status).toBe(201);

    const taken = await admin.post(redirects, { source: "/v2", destination: { kind: "external", url: "https://example.com" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/already redirects \/v2/);
    const events = await db().domainEvent.findMany({ where: { organizationId, action: "site_redirects.changed" } });
    expect(events).toHaveLength(4);
    expect(events[0]).toMatchObject({ targetType: "site-redirect", targetLabel: "/old-guides" });
    expect(events[0]!.payload).toMatchObject({ siteId: site.id, change: "created" });
  });

  test("400 naming the field: a bad source, a destination outside the site, a non-http URL, a missing page, a draft", async () => {
    const { admin, redirects, space, siteSpace, tenant } = await setup();
    // Which fields the 400 is about, with why: `field: message`.
    const message = async (body: unknown) => fieldErrorsOf((await admin.post(redirects, body)).body);
    expect(await message({ source: "/a*b", destination: { kind: "external", url: "https://x.example" } })).toMatch(/^source:/);
    expect(await message({ source: "/a", destination: { kind: "external", url: "javascript:alert(1)" } })).toMatch(/^destination/);
    expect(await message({ source: "/a", destination: { kind: "site-section", siteSectionId: "nope" } })).toMatch(/^destination: No section/);
    expect(await message({ source: "/a", destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: "nope" } })).toMatch(/^destination: No page/);
    expect(await message({ source: "/a", destination: { kind: "path", spaceId: space.id, path: "missing" } })).toMatch(/^destination: No page/);
    const foreignSite = await createSite(tenant.otherOrganization.id);
    const foreignSection = await db().siteSection.create({ data: { id: newId(), siteId: foreignSite.id, title: "X", path: "x", isDefault: true, position: 0 } });
    expect(await message({ source: "/a", destination: { kind: "site-section", siteSectionId: foreignSection.id } })).toMatch(/^destination: No section/);
    expect(await message({ source: "/a", destination: { kind: "external", url: "https://x.example" }, draft: true })).toMatch(/^draft:/);
  });

  test("list pages newest first, by source or by update, and searches; draft=true lists none", async () => {
    const { admin, redirects } = await setup();
    for (const source of ["/b", "/c", "/a"]) await admin.post(redirects, { source, destination: { kind: "external", url: `https://example.com${source}` } });
    const first = await admin.get(`${redirects}?limit=2`);
    expect(first.body.items.map((r: { source: string }) => r.source)).toEqual(["/a", "/c"]);
    expect(first.body.count).toBe(3);
    const second = await admin.get(`${redirects}?limit=2&page=${first.body.next.page}`);
    expect(second.body.items.map((r: { source: string }) => r.source)).toEqual(["/b"]);
    expect(second.body.next).toBeUndefined();
    const bySource = await admin.get(`${redirects}?orderBy=source&limit=2`);
    expect(bySource.body.items.map((r: { source: string }) => r.source)).toEqual(["/a", "/b"]);
    expect((await admin.get(`${redirects}?orderBy=source&limit=2&page=${bySource.body.next.page}`)).body.items.map((r: { source: string }) => r.source)).toEqual(["/c"]);
    const b = first.body.items.length && (await admin.get(`${redirects}?search=B`)).body.items;
    expect(b.map((r: { source: string }) => r.source)).toEqual(["/b"]);
    await admin.patch(`${redirects}/${b[0].id}`, { permanent: true });
    expect((await admin.get(`${redirects}?orderBy=updatedAt`)).body.items[0].source).toBe("/b");
    expect((await admin.get(`${redirects}?draft=true`)).body).toEqual({ items: [], count: 0 });
    expect((await admin.get(`${redirects}?page=garbage`)).status).toBe(400);
  });

  test("update changes source, destination and flags (409 onto a taken source); delete is 204 twice", async () => {
    const { admin, redirects, section, organizationId } = await setup();
    const a = (await admin.post(redirects, { source: "/a", destination: { kind: "external", url: "https://example.com" } })).body;
    await admin.post(redirects, { source: "/b", destination: { kind: "external", url: "https://example.com" } });
    const updated = await admin.patch(`${redirects}/${a.id}`, { source: "/a2", destination: { kind: "site-section", siteSectionId: section.id }, captureWildcard: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ source: "/a2", destination: { kind: "site-section", siteSectionId: section.id }, captureWildcard: true });
    expect((await admin.patch(`${redirects}/${a.id}`, { source: "/b" })).status).toBe(409);
    const before = await db().domainEvent.count({ where: { organizationId, action: "site_redirects.changed" } });
    expect((await admin.patch(`${redirects}/${a.id}`, { source: "/a2" })).status).toBe(200);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site_redirects.changed" } })).toBe(before);
    expect((await admin.delete(`${redirects}/${a.id}`)).status).toBe(204);
    expect((await admin.delete(`${redirects}/${a.id}`)).status).toBe(204);
    expect((await admin.patch(`${redirects}/${a.id}`, { permanent: true })).status).toBe(404);
  });

  test("bulk upsert creates, updates and deletes in one write, each entry answered in place (drafts and bad destinations as errors)", async () => {
    const { admin, redirects, section } = await setup();
    await admin.post(redirects, { source: "/keep", destination: { kind: "external", url: "https://example.com/1" } });
    await admin.post(redirects, { source: "/drop", destination: { kind: "external", url: "https://example.com/2" } });
    const bulk = await admin.put(redirects, {
      redirects: [
        { source: "/keep", destination: { kind: "site-section", siteSectionId: section.id }, permanent: true },
        { source: "/new", destination: { kind: "external", url: "https://example.com/3" } },
        { source: "/drop", destination: null },
        { source: "/never", destination: null },
        { source: "/bad", destination: { kind: "site-section", siteSectionId: "nope" } },
        { source: "/draft", intent: "draft", destination: { kind: "external", url: "https://example.com/4" } },
        { source: "/keep", intent: "publish" },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.results.map((r: { status: string }) => r.status)).toEqual(["updated", "created", "deleted", "deleted", "error", "error", "error"]);
    expect(bulk.body.results[4].error).toBe("No section nope in this site.");
    const sources = (await admin.get(`${redirects}?orderBy=source`)).body.items.map((r: { source: string; permanent: boolean }) => [r.source, r.permanent]);
    expect(sources).toEqual([["/keep", true], ["/new", false]]);
    // Nothing to do is still an answer: the source had no redirect.
    const idle = await admin.put(redirects, { redirects: [{ source: "/nothing", destination: null }, { source: "/new", destination: { kind: "external", url: "https://example.com/3" } }] });
    expect(idle.status).toBe(200);
    expect(idle.body.results.map((r: { status: string }) => r.status)).toEqual(["deleted", "updated"]);
    expect((await admin.put(redirects, { redirects: [] })).status).toBe(400);
    expect((await admin.put(redirects, { redirects: Array.from({ length: 501 }, (_, i) => ({ source: `/r${i}`, destination: null })) })).status).toBe(400);
  });

  test("getSiteRedirectBySource: exact source first, else the longest * prefix, with the captured suffix and the destination's URL", async () => {
    const { admin, redirects, bySource, site, siteSpace, other, startId } = await setup();
    const siteUrl = `${server.url}/${site.basename}`;
    await admin.post(redirects, { source: "/docs/*", destination: { kind: "external", url: "https://new.example.com/docs" }, captureWildcard: true });
    await admin.post(redirects, { source: "/docs/api*", destination: { kind: "site-section", siteSectionId: other.id } });
    await admin.post(redirects, { source: "/docs/start", destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: startId } });
    expect((await admin.get(bySource("/docs/start"))).body.target).toBe(`${siteUrl}/start`);
    expect((await admin.get(bySource("/docs/api/v1"))).body.target).toBe(`${siteUrl}/api`);
    const captured = await admin.get(bySource("/docs/guide/intro"));
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ redirect: { source: "/docs/*" }, target: "https://new.example.com/docs/guide/intro" });
    expect((await admin.get(bySource("/elsewhere"))).status).toBe(404);
    expect((await admin.get(bySource("/a b"))).status).toBe(400);
  });

  test("reading needs view (or a share key), writing the create role; another organization gets 404", async () => {
    const { tenant, redirects, bySource, as, admin, site, organizationId } = await setup();
    await admin.post(redirects, { source: "/x", destination: { kind: "external", url: "https://example.com" } });
    const reader = await tenant.member("read");
    const editor = await tenant.member("edit");
    const creator = await tenant.member("create");
    expect((await as(reader).get(redirects)).status).toBe(200);
    expect((await as(reader).get(bySource("/x"))).status).toBe(200);
    expect((await as(editor).post(redirects, { source: "/y", destination: { kind: "external", url: "https://example.com" } })).status).toBe(403);
    expect((await as(creator).post(redirects, { source: "/y", destination: { kind: "external", url: "https://example.com" } })).status).toBe(201);
    expect((await as(tenant.stranger).get(redirects)).status).toBe(404);
    expect((await as(tenant.stranger).get(bySource("/x"))).status).toBe(404);

    // A share key of a share-link site lets an outsider resolve a redirect, not list or change them.
    await db().site.update({ where: { id: site.id }, data: { visibility: "share-link" } });
    const link = (await admin.post(`/v1/orgs/${organizationId}/sites/${site.id}/share-links`, { name: "Guests" })).body;
    const key = new URL(link.urls.published).searchParams.get("share")!;
    expect((await as(tenant.stranger).get(`${bySource("/x")}&shareKey=${key}`)).status).toBe(200);
    expect((await as(tenant.stranger).get(`${redirects}?shareKey=${key}`)).status).toBe(404);
  });
});
