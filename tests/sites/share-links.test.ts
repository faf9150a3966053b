import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { shareKeyHash } from "../../server/sites/share-links/keys";
import { resolveSiteReader, siteReaderFromShareKey } from "../../server/sites/published/reader";
import { eventsAsText } from "../helpers/events";
import { createSite, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** Share links of a site (the reference's `site-share-links`) and the share-key reader. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup(site: { visibility?: string; published?: boolean } = { visibility: "share-link", published: true }) {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const created = await createSite(organizationId, site);
  const admin = apiClient(server.url, tenant.admin.token);
  const links = `/v1/orgs/${organizationId}/sites/${created.id}/share-links`;
  const keyOf = (link: { urls: { published: string } }) => new URL(link.urls.published).searchParams.get("share")!;
  return { tenant, organizationId, site: created, admin, links, keyOf, as: (who: { token: string }) => apiClient(server.url, who.token) };
}

describe("share links", () => {
  test("create answers the link with its key in urls.published (?share=), stores only the hash and the sealed key, and records no key", async () => {
    const { admin, links, site, organizationId, keyOf } = await setup();
    const created = await admin.post(links, { name: "Reviewers" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: "share-link", name: "Reviewers", active: true, expiresAt: null });
    const key = keyOf(created.body);
    expect(created.body.urls.published).toBe(`${server.url}/${site.basename}?share=${key}`);
    expect(Buffer.from(key, "base64url")).toHaveLength(32);
    const row = await db().siteShareLink.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.keyHash).toBe(shareKeyHash(key));
    expect(row.keyCiphertext).not.toContain(key);
    const events = await db().domainEvent.findMany({ where: { organizationId, targetType: "share-link" } });
    expect(events.map((event) => event.action)).toEqual(["site_share_link.created"]);
    expect(eventsAsText(events)).not.toContain(key);
    expect(events[0]!.payload).toMatchObject({ siteId: site.id, shareLinkId: created.body.id });
  });

  test("list pages through links, shows the same key again, and finds a link by name or by its key", async () => {
    const { admin, links, keyOf } = await setup();
    const first = (await admin.post(links, { name: "Partners" })).body;
    await admin.post(links, { name: "Press" });
    await admin.post(links, { name: "" });
    const page = await admin.get(`${links}?limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.count).toBe(3);
    const rest = await admin.get(`${links}?limit=2&page=${page.body.next.page}`);
    expect(rest.body.items).toHaveLength(1);
    expect(page.body.items[0].urls.published).toBe(first.urls.published);
    expect((await admin.get(`${links}?search=press`)).body.items.map((link: { name: string }) => link.name)).toEqual(["Press"]);
    expect((await admin.get(`${links}?search=${keyOf(first)}`)).body.items.map((link: { id: string }) => link.id)).toEqual([first.id]);
  });

  test("update renames, revokes (active false) and sets an expiry; a no-op records nothing; delete is 204 twice", async () => {
    const { admin, links, organizationId } = await setup();
    const link = (await admin.post(links, { name: "Old" })).body;
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const updated = await admin.patch(`${links}/${link.id}`, { name: "New", active: false, expiresAt });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "New", active: false, expiresAt });
    expect((await admin.patch(`${links}/${link.id}`, { name: "New" })).status).toBe(200);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site_share_link.updated" } })).toBe(1);
    expect((await admin.patch(`${links}/${link.id}`, {})).status).toBe(400);
    expect(fieldErrorsOf((await admin.patch(`${links}/${link.id}`, { expiresAt: "2001-01-01T00:00:00Z" })).body)).toMatch(/^expiresAt:/);
    expect(fieldErrorsOf((await admin.patch(`${links}/${link.id}`, { name: "x".repeat(51) })).body)).toMatch(/^name:/);
    expect((await admin.delete(`${links}/${link.id}`)).status).toBe(204);
    expect((await admin.delete(`${links}/${link.id}`)).status).toBe(204);
    expect((await admin.patch(`${links}/${link.id}`, { name: "Gone" })).status).toBe(404);
    expect(await db().domainEvent.count({ where: { organizationId, action: "site_share_link.deleted" } })).toBe(1);
  });

  test("a link whose key cannot be opened (sealed under another instance key) is still listed, without its URL, and can be deleted", async () => {
    const { admin, links } = await setup();
    const link = (await admin.post(links, { name: "Old key" })).body;
    const other = (await admin.post(links, { name: "Other" })).body;
    // Another link's sealed key does not open as this link's: as if sealed under another key.
    const sealedElsewhere = (await db().siteShareLink.findUniqueOrThrow({ where: { id: other.id } })).keyCiphertext;
    await db().siteShareLink.update({ where: { id: link.id }, data: { keyCiphertext: sealedElsewhere } });
    const listed = await admin.get(links);
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((item: { id: string }) => item.id === link.id).urls).toEqual({});
    expect((await admin.delete(`${links}/${link.id}`)).status).toBe(204);
  });

  test("only the site's admins manage share links: 403 below admin, 404 for another organization", async () => {
    const { tenant, links, as } = await setup();
    const editor = await tenant.member("create");
    const reader = await tenant.member("read");
    expect((await as(editor).get(links)).status).toBe(403);
    expect((await as(reader).post(links, { name: "x" })).status).toBe(403);
    expect((await as(tenant.stranger).get(links)).status).toBe(404);
  });
});

describe("the share-key reader", () => {
  test("a valid key opens a published share-link site to someone who cannot view it; revoked, expired, deleted or other-site keys do not", async () => {
    const { admin, links, site, tenant, organizationId, keyOf } = await setup();
    const key = keyOf((await admin.post(links, { name: "Guests" })).body);
    const outsider = { userId: tenant.stranger.user.id, via: "token" as const };
    const read = (siteId: string, shareKey?: string) => resolveSiteReader(db(), outsider, organizationId, siteId, shareKey);

    expect(await read(site.id, key)).toMatchObject({ via: "share-link", site: { id: site.id } });
    await expect(read(site.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(read(site.id, key.slice(0, -1) + (key.endsWith("A") ? "B" : "A"))).rejects.toMatchObject({ code: "not_found" });
    await expect(read(site.id, "x".repeat(10_000))).rejects.toMatchObject({ code: "not_found" });

    // Another share-link site of the same organization does not open with this key.
    const other = await createSite(organizationId, { visibility: "share-link", published: true });
    await expect(read(other.id, key)).rejects.toMatchObject({ code: "not_found" });

    const linkId = (await db().siteShareLink.findFirstOrThrow({ where: { siteId: site.id } })).id;
    await admin.patch(`${links}/${linkId}`, { active: false });
    expect(await siteReaderFromShareKey(db(), site, key)).toBeNull();
    await admin.patch(`${links}/${linkId}`, { active: true });
    expect(await siteReaderFromShareKey(db(), site, key)).toEqual({ shareLinkId: linkId });
    await db().siteShareLink.update({ where: { id: linkId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await siteReaderFromShareKey(db(), site, key)).toBeNull();
    await db().siteShareLink.update({ where: { id: linkId }, data: { expiresAt: null } });

    // The site's visibility and publication decide too.
    expect(await siteReaderFromShareKey(db(), { ...site, visibility: "public" }, key)).toBeNull();
    expect(await siteReaderFromShareKey(db(), { ...site, published: false }, key)).toBeNull();
    await admin.delete(`${links}/${linkId}`);
    expect(await siteReaderFromShareKey(db(), site, key)).toBeNull();
  });

  test("a member who may view the site reads it as a member, key or not", async () => {
    const { site, tenant, organizationId } = await setup();
    const reader = await tenant.member("read");
    const resolved = await resolveSiteReader(db(), { userId: reader.user.id, via: "token" }, organizationId, site.id, "whatever");
    expect(resolved.via).toBe("member");
  });
});
