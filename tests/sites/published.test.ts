import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { commitPages, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** getPublishedContentSite: what a visitor of a site gets, to members and to holders of a share key. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** A published share-link site of two spaces (root-level site spaces), with a share link. */
async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const spaces = [];
  for (const title of ["Guides", "Reference"]) {
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title })).body as { id: string };
    await commitPages(space.id, [{ title: "Start", slug: "start" }]);
    spaces.push(space);
  }
  const created = await admin.post(`/v1/orgs/${organizationId}/sites`, { title: "Docs", visibility: "share-link", spaces: spaces.map((space) => space.id) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const siteId = created.body.id as string;
  const base = `/v1/orgs/${organizationId}/sites/${siteId}`;
  expect((await admin.post(`${base}/publish`)).status).toBe(200);
  const link = (await admin.post(`${base}/share-links`, { name: "Guests" })).body;
  const key = new URL(link.urls.published).searchParams.get("share")!;
  const published = `${base}/published`;
  const outsider = apiClient(server.url, tenant.stranger.token);
  return { tenant, organizationId, admin, siteId, base, link, key, published, outsider, spaces };
}

describe("getPublishedContentSite", () => {
  test("a member gets the site, its structure, the merged customizations of the site and each site space, and no scripts", async () => {
    const { admin, published, siteId, spaces } = await setup();
    const answer = await admin.get(published);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ object: "published-content-site", site: { object: "site", id: siteId, published: true, permissions: { admin: true } }, scripts: [] });
    expect(answer.body.structure.type).toBe("siteSpaces");
    const siteSpaces = answer.body.structure.structure as { id: string; space: { id: string } }[];
    expect(siteSpaces.map((siteSpace) => siteSpace.space.id)).toEqual(spaces.map((space) => space.id));
    expect(Object.keys(answer.body.customizations.siteSpaces).sort()).toEqual(siteSpaces.map((siteSpace) => siteSpace.id).sort());
    expect(answer.body.customizations.site).toBeTypeOf("object");
  });

  test("someone who cannot view the site reads it with a valid share key, as a visitor (no permissions); without one, 404", async () => {
    const { outsider, published, key, siteId } = await setup();
    expect((await outsider.get(published)).status).toBe(404);
    const visitor = await outsider.get(`${published}?shareKey=${key}`);
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(200);
    expect(visitor.body.site).toMatchObject({ id: siteId, permissions: { view: false, admin: false } });
    expect(JSON.stringify(visitor.body)).not.toContain(key);
  });

  test("a revoked, expired, deleted or other site's key, an unpublished site or another visibility: 404; a key that is no key: 400", async () => {
    const { admin, outsider, published, key, base, link, organizationId } = await setup();
    const read = async () => (await outsider.get(`${published}?shareKey=${key}`)).status;
    await admin.patch(`${base}/share-links/${link.id}`, { active: false });
    expect(await read()).toBe(404);
    await admin.patch(`${base}/share-links/${link.id}`, { active: true });
    await db().siteShareLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await read()).toBe(404);
    await db().siteShareLink.update({ where: { id: link.id }, data: { expiresAt: null } });
    expect(await read()).toBe(200);

    await admin.post(`${base}/unpublish`);
    expect(await read()).toBe(404);
    await admin.post(`${base}/publish`);
    await admin.patch(base, { visibility: "public" });
    expect(await read()).toBe(404);
    await admin.patch(base, { visibility: "share-link" });
    expect(await read()).toBe(200);

    const other = (await admin.post(`/v1/orgs/${organizationId}/sites`, { title: "Other", visibility: "share-link" })).body;
    await admin.post(`/v1/orgs/${organizationId}/sites/${other.id}/publish`);
    expect((await outsider.get(`/v1/orgs/${organizationId}/sites/${other.id}/published?shareKey=${key}`)).status).toBe(404);

    const malformed = await outsider.get(`${published}?shareKey=${encodeURIComponent("key with spaces")}`);
    expect(malformed.status).toBe(400);
    expect(fieldErrorsOf(malformed.body)).toMatch(/^shareKey:/);
    await admin.delete(`${base}/share-links/${link.id}`);
    expect(await read()).toBe(404);
  });

  test("a member below view (a guest) is refused like anyone without a key", async () => {
    const { tenant, published, key } = await setup();
    const guest = apiClient(server.url, (await tenant.member(null)).token);
    expect((await guest.get(published)).status).toBe(404);
    expect((await guest.get(`${published}?shareKey=${key}`)).status).toBe(200);
  });
});
