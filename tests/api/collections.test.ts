import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sortKeyFor } from "../../server/content-tree/position";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

type Api = ReturnType<typeof apiClient>;
type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Creates a collection through the API and returns its body. */
async function collection(api: Api, organizationId: string, body: { title?: string; parent?: string } = {}) {
  const created = await api.post(`/v1/orgs/${organizationId}/collections`, body);
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string; parent?: string; organization: string };
}

/** Spaces are written straight to the database: their API is built elsewhere. */
async function space(organizationId: string, parentId: string | null, data: { title?: string; defaultLevel?: string | null; deletedAt?: Date } = {}) {
  return db().space.create({
    data: {
      id: newId(),
      organizationId,
      parentId,
      title: data.title ?? "A space",
      sortKey: await sortKeyFor(db(), { organizationId, parentId }),
      ...data,
    },
  });
}

/** Children of a parent in their shared order, as `type:id`. */
async function childOrder(organizationId: string, parentId: string | null): Promise<string[]> {
  const [collections, spaces] = await Promise.all([
    db().collection.findMany({ where: { organizationId, parentId } }),
    db().space.findMany({ where: { organizationId, parentId, deletedAt: null } }),
  ]);
  return [...collections.map((c) => ({ key: `collection:${c.id}`, ...c })), ...spaces.map((s) => ({ key: `space:${s.id}`, ...s }))]
    .sort((a, b) => a.sortKey - b.sortKey || a.id.localeCompare(b.id))
    .map((item) => item.key);
}

function setup(tenant: Tenant) {
  return { admin: apiClient(server.url, tenant.admin.token), stranger: apiClient(server.url, tenant.stranger.token), anonymous: apiClient(server.url) };
}

describe("POST /v1/orgs/{organizationId}/collections", () => {
  test("creates at the root with a default title, 201 with Location", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const created = await admin.post(`/v1/orgs/${tenant.organization.id}/collections`);
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${server.url}/v1/collections/${created.body.id}`);
    expect(created.body).toMatchObject({
      object: "collection",
      title: "Untitled collection",
      organization: tenant.organization.id,
      defaultLevel: "inherit",
      permissions: { view: true, admin: true, create: true, viewInviteLinks: true },
    });
    expect(created.body.parent).toBeUndefined();
    expect((await admin.get(`/v1/collections/${created.body.id}`)).body.title).toBe("Untitled collection");
  });

  test("creates inside a parent, after the parent's existing children", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const parent = await collection(admin, orgId, { title: "Guides" });
    const first = await space(orgId, parent.id);
    const child = await collection(admin, orgId, { title: "  Advanced  ", parent: parent.id });
    expect(child).toMatchObject({ title: "Advanced", parent: parent.id });
    expect(await childOrder(orgId, parent.id)).toEqual([`space:${first.id}`, `collection:${child.id}`]);
  });

  test("400 names the field and its bound; a parent elsewhere is a bad field", async () => {
    const tenant = await createTenant();
    const { admin, stranger } = setup(tenant);
    const path = `/v1/orgs/${tenant.organization.id}/collections`;
    const tooLong = await admin.post(path, { title: "x".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(fieldErrorsOf(tooLong.body)).toMatch(/^title: .*50/);
    expect((await admin.post(path, { title: "x".repeat(50) })).status).toBe(201);
    const missing = await admin.post(path, { parent: "nope" });
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toBe("parent: No collection nope");
    const foreign = await collection(stranger, tenant.otherOrganization.id);
    expect(fieldErrorsOf((await admin.post(path, { parent: foreign.id })).body)).toBe(`parent: No collection ${foreign.id}`);
  });

  test("401 without a token, 404 in another organization", async () => {
    const tenant = await createTenant();
    const { anonymous, stranger } = setup(tenant);
    expect((await anonymous.post(`/v1/orgs/${tenant.organization.id}/collections`, { title: "X" })).status).toBe(401);
    expect((await stranger.post(`/v1/orgs/${tenant.organization.id}/collections`, { title: "X" })).status).toBe(404);
  });

  test("403 below the create role, at the root and in a parent", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const parent = await collection(admin, orgId);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.post(`/v1/orgs/${orgId}/collections`, { title: "X" })).status).toBe(403);
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.post(`/v1/orgs/${orgId}/collections`, { parent: parent.id })).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.post(`/v1/orgs/${orgId}/collections`, { title: "Mine" })).status).toBe(201);
    const nested = await creator.post(`/v1/orgs/${orgId}/collections`, { parent: parent.id });
    expect(nested.status).toBe(201);
    // A creator is not an admin of what it creates: only organization admins administer content.
    expect(nested.body.permissions).toMatchObject({ view: true, create: true, admin: false });
  });
});

describe("GET /v1/collections/{collectionId}", () => {
  test("answers the collection; 400, 401 and 404 for another organization", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const created = await collection(admin, tenant.organization.id, { title: "Handbook" });
    const got = await admin.get(`/v1/collections/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    expect(fieldErrorsOf((await admin.get("/v1/collections/not.an.id")).body)).toMatch(/^collectionId: /);
    expect((await anonymous.get(`/v1/collections/${created.id}`)).status).toBe(401);
    expect((await stranger.get(`/v1/collections/${created.id}`)).status).toBe(404);
    expect((await admin.get(`/v1/collections/${newId()}`)).status).toBe(404);
  });

  test("default levels: null hides from members (and what inherits it), an explicit level below reopens", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const closed = await collection(admin, orgId, { title: "Closed" });
    await admin.patch(`/v1/collections/${closed.id}`, { defaultLevel: null });
    const inherits = await collection(admin, orgId, { parent: closed.id });
    const reopened = await collection(admin, orgId, { parent: closed.id });
    await admin.patch(`/v1/collections/${reopened.id}`, { defaultLevel: "read" });

    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.get(`/v1/collections/${closed.id}`)).status).toBe(404);
    expect((await editor.get(`/v1/collections/${inherits.id}`)).status).toBe(404);
    const read = await editor.get(`/v1/collections/${reopened.id}`);
    expect(read.status).toBe(200);
    expect(read.body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    // Admins administer everything, whatever the default level.
    expect((await admin.get(`/v1/collections/${closed.id}`)).body).toMatchObject({ defaultLevel: null, permissions: { admin: true } });
  });
});

describe("PATCH /v1/collections/{collectionId}", () => {
  test("changes title, description and default level; an empty body changes nothing", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const created = await collection(admin, tenant.organization.id);
    const path = `/v1/collections/${created.id}`;
    const patched = await admin.patch(path, { title: "API", description: "d".repeat(100), defaultLevel: "comment" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "API", description: "d".repeat(100), defaultLevel: "comment" });
    const unchanged = await admin.patch(path, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(patched.body);
    expect((await admin.raw("PATCH", path)).body).toEqual(patched.body);
    expect((await admin.patch(path, { defaultLevel: null })).body.defaultLevel).toBeNull();
    expect((await admin.patch(path, { defaultLevel: "inherit" })).body.defaultLevel).toBe("inherit");
    expect((await admin.get(path)).body).toMatchObject({ title: "API", defaultLevel: "inherit" });
  });

  test("400 names the field and bound; 401; 404 for another organization; 403 below admin", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const created = await collection(admin, tenant.organization.id, { title: "Kept" });
    const path = `/v1/collections/${created.id}`;
    expect(fieldErrorsOf((await admin.patch(path, { title: "x".repeat(51) })).body)).toMatch(/^title: .*50/);
    expect(fieldErrorsOf((await admin.patch(path, { description: "x".repeat(101) })).body)).toMatch(/^description: .*100/);
    const badLevel = await admin.patch(path, { defaultLevel: "owner" });
    expect(badLevel.status).toBe(400);
    expect(fieldErrorsOf(badLevel.body)).toMatch(/^defaultLevel: /);
    expect((await anonymous.patch(path, { title: "X" })).status).toBe(401);
    expect((await stranger.patch(path, { title: "Hijacked" })).status).toBe(404);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.patch(path, { title: "Nope" })).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.patch(path, { title: "Nope" })).status).toBe(403);
    expect((await admin.get(path)).body.title).toBe("Kept");
  });
});

describe("DELETE /v1/collections/{collectionId}", () => {
  test("deletes nested collections and trashes every space inside at the root", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const top = await collection(admin, orgId, { title: "Top" });
    const nested = await collection(admin, orgId, { parent: top.id });
    const deeper = await collection(admin, orgId, { parent: nested.id });
    const sibling = await collection(admin, orgId, { title: "Sibling" });
    const inTop = await space(orgId, top.id);
    const inDeeper = await space(orgId, deeper.id);
    const earlier = new Date("2026-01-01T00:00:00Z");
    const alreadyTrashed = await space(orgId, nested.id, { deletedAt: earlier });
    const outside = await space(orgId, sibling.id);

    const before = Date.now();
    const deleted = await admin.delete(`/v1/collections/${top.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();

    expect(await db().collection.count({ where: { id: { in: [top.id, nested.id, deeper.id] } } })).toBe(0);
    for (const id of [inTop.id, inDeeper.id]) {
      const row = await db().space.findUniqueOrThrow({ where: { id } });
      expect(row.parentId).toBeNull();
      expect(row.deletedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const trashed = await db().space.findUniqueOrThrow({ where: { id: alreadyTrashed.id } });
    expect(trashed).toMatchObject({ parentId: null, deletedAt: earlier });
    expect(await db().space.findUniqueOrThrow({ where: { id: outside.id } })).toMatchObject({ parentId: sibling.id, deletedAt: null });
    expect((await admin.get(`/v1/collections/${top.id}`)).status).toBe(404);
    expect((await admin.get(`/v1/collections/${sibling.id}`)).status).toBe(200);
  });

  test("204 when absent or in another organization (nothing deleted); 400; 401; 403 below admin", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const created = await collection(admin, tenant.organization.id);
    const path = `/v1/collections/${created.id}`;
    expect((await admin.delete(`/v1/collections/${newId()}`)).status).toBe(204);
    expect((await stranger.delete(path)).status).toBe(204);
    expect(fieldErrorsOf((await admin.delete("/v1/collections/bad.id")).body)).toMatch(/^collectionId: /);
    expect((await anonymous.delete(path)).status).toBe(401);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.delete(path)).status).toBe(403);
    expect((await admin.get(path)).status).toBe(200);
  });
});

describe("GET /v1/collections/{collectionId}/spaces", () => {
  test("lists visible, non-deleted spaces directly in the collection, paged", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const parent = await collection(admin, orgId);
    const child = await collection(admin, orgId, { parent: parent.id });
    const direct = [];
    for (let i = 0; i < 5; i++) direct.push(await space(orgId, parent.id, { title: `Space ${i}` }));
    const hidden = await space(orgId, parent.id, { defaultLevel: null });
    await space(orgId, parent.id, { deletedAt: new Date() });
    await space(orgId, child.id);
    await space(orgId, null);

    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const list = await editor.get(`/v1/collections/${parent.id}/spaces?limit=2${page ? `&page=${page}` : ""}`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(5);
      // Filtering happens in SQL, so every page but the last is full.
      expect(list.body.items).toHaveLength(pages < 2 ? 2 : 1);
      for (const item of list.body.items) expect(item).toMatchObject({ object: "space", parent: parent.id, permissions: { edit: true, admin: false } });
      seen.push(...list.body.items.map((item: { id: string }) => item.id));
      page = list.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(direct.map((s) => s.id).sort());

    const all = await admin.get(`/v1/collections/${parent.id}/spaces`);
    expect(all.body.count).toBe(6);
    expect(all.body.items.map((item: { id: string }) => item.id)).toContain(hidden.id);
  });

  test("400 on bad paging; 401; 404 for another organization or an invisible collection", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const created = await collection(admin, tenant.organization.id);
    const path = `/v1/collections/${created.id}/spaces`;
    expect(fieldErrorsOf((await admin.get(`${path}?limit=0`)).body)).toMatch(/^limit: /);
    expect((await admin.get(`${path}?limit=1001`)).status).toBe(400);
    expect((await admin.get(`${path}?page=%%%`)).status).toBe(400);
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await stranger.get(path)).status).toBe(404);
    await admin.patch(`/v1/collections/${created.id}`, { defaultLevel: null });
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.get(path)).status).toBe(404);
  });
});

describe("GET /v1/orgs/{organizationId}/collections", () => {
  test("nested=true (the default) lists every collection, nested=false the root level only", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const rootA = await collection(admin, orgId);
    const rootB = await collection(admin, orgId);
    const child = await collection(admin, orgId, { parent: rootA.id });
    const grandchild = await collection(admin, orgId, { parent: child.id });
    const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id).sort();

    const all = await admin.get(`/v1/orgs/${orgId}/collections`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    expect(ids(all.body)).toEqual([rootA.id, rootB.id, child.id, grandchild.id].sort());
    expect(ids((await admin.get(`/v1/orgs/${orgId}/collections?nested=true`)).body)).toEqual(ids(all.body));
    const roots = await admin.get(`/v1/orgs/${orgId}/collections?nested=false`);
    expect(roots.body.count).toBe(2);
    expect(ids(roots.body)).toEqual([rootA.id, rootB.id].sort());
  });

  test("pages stay full and count is the total the caller may see", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const visible: string[] = [];
    for (let i = 0; i < 5; i++) {
      visible.push((await collection(admin, orgId, { title: `Open ${i}` })).id);
      const closed = await collection(admin, orgId, { title: `Closed ${i}` });
      await admin.patch(`/v1/collections/${closed.id}`, { defaultLevel: null });
    }
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    const first = await reader.get(`/v1/orgs/${orgId}/collections?limit=3`);
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    expect(first.body.items).toHaveLength(3);
    const second = await reader.get(`/v1/orgs/${orgId}/collections?limit=3&page=${first.body.next.page}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next).toBeUndefined();
    const seen = [...first.body.items, ...second.body.items].map((item: { id: string; permissions: { admin: boolean } }) => {
      expect(item.permissions.admin).toBe(false);
      return item.id;
    });
    expect(seen.sort()).toEqual(visible.sort());
    expect((await admin.get(`/v1/orgs/${orgId}/collections?limit=1000`)).body.count).toBe(10);
  });

  test("400 names the parameter; 401; 404 for another organization; a guest sees nothing", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const path = `/v1/orgs/${tenant.organization.id}/collections`;
    await collection(admin, tenant.organization.id);
    expect(fieldErrorsOf((await admin.get(`${path}?nested=maybe`)).body)).toMatch(/^nested: /);
    expect(fieldErrorsOf((await admin.get(`${path}?limit=1001`)).body)).toMatch(/^limit: .*1000/);
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await stranger.get(path)).status).toBe(404);
    const guest = apiClient(server.url, (await tenant.member(null)).token);
    expect((await guest.get(path)).body).toEqual({ items: [], count: 0 });
  });
});

describe("POST /v1/collections/{collectionId}/move", () => {
  test("moves into another collection (at the end) and back to the root", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const target = await collection(admin, orgId, { title: "Target" });
    const existing = await space(orgId, target.id);
    const moving = await collection(admin, orgId, { title: "Moving" });
    const path = `/v1/collections/${moving.id}/move`;
    const moved = await admin.post(path, { parent: target.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: moving.id, parent: target.id });
    expect(await childOrder(orgId, target.id)).toEqual([`space:${existing.id}`, `collection:${moving.id}`]);
    const back = await admin.post(path, { parent: null });
    expect(back.status).toBe(200);
    expect(back.body.parent).toBeUndefined();
    expect(await childOrder(orgId, null)).toEqual([`collection:${target.id}`, `collection:${moving.id}`]);
  });

  test("position before and after reorders among siblings, also while changing parent", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const parent = await collection(admin, orgId);
    const s1 = await space(orgId, parent.id);
    const s2 = await space(orgId, parent.id);
    const moving = await collection(admin, orgId, { parent: parent.id });
    const path = `/v1/collections/${moving.id}/move`;
    expect((await admin.post(path, { position: { before: { type: "space", space: s1.id } } })).status).toBe(200);
    expect(await childOrder(orgId, parent.id)).toEqual([`collection:${moving.id}`, `space:${s1.id}`, `space:${s2.id}`]);
    expect((await admin.post(path, { position: { after: { type: "space", space: s1.id } } })).status).toBe(200);
    expect(await childOrder(orgId, parent.id)).toEqual([`space:${s1.id}`, `collection:${moving.id}`, `space:${s2.id}`]);
    const both = { after: { type: "space", space: s2.id } };
    expect((await admin.post(path, { parent: parent.id, position: both })).status).toBe(200);
    expect(await childOrder(orgId, parent.id)).toEqual([`space:${s1.id}`, `space:${s2.id}`, `collection:${moving.id}`]);

    const other = await collection(admin, orgId);
    const rootSibling = await collection(admin, orgId);
    const outer = await admin.post(path, { parent: null, position: { before: { type: "collection", collection: other.id } } });
    expect(outer.status).toBe(200);
    expect(await childOrder(orgId, null)).toEqual([`collection:${parent.id}`, `collection:${moving.id}`, `collection:${other.id}`, `collection:${rootSibling.id}`]);
  });

  test("400 for a move that changes nothing", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const parent = await collection(admin, orgId);
    const s1 = await space(orgId, parent.id);
    const moving = await collection(admin, orgId, { parent: parent.id });
    const path = `/v1/collections/${moving.id}/move`;
    expect((await admin.post(path, { parent: parent.id })).status).toBe(400);
    expect((await admin.post(path, { position: {} })).status).toBe(400);
    const already = await admin.post(path, { position: { after: { type: "space", space: s1.id } } });
    expect(already.status).toBe(400);
    expect(already.body.error.message).toMatch(/change nothing/);
    const atRoot = await collection(admin, orgId);
    expect((await admin.post(`/v1/collections/${atRoot.id}/move`, { parent: null })).status).toBe(400);
  });

  test("400: empty body, into itself or a descendant, a bad position pointer or parent", async () => {
    const tenant = await createTenant();
    const { admin, stranger } = setup(tenant);
    const orgId = tenant.organization.id;
    const top = await collection(admin, orgId);
    const child = await collection(admin, orgId, { parent: top.id });
    const grandchild = await collection(admin, orgId, { parent: child.id });
    const elsewhere = await space(orgId, null);
    const path = `/v1/collections/${top.id}/move`;
    expect(fieldErrorsOf((await admin.post(path, {})).body)).toMatch(/^body: .*parent/);
    for (const parent of [top.id, child.id, grandchild.id]) {
      const cycle = await admin.post(path, { parent });
      expect(cycle.status).toBe(400);
      expect(fieldErrorsOf(cycle.body)).toMatch(/^parent: .*descendants/);
    }
    const pointer = await admin.post(`/v1/collections/${grandchild.id}/move`, { position: { before: { type: "space", space: elsewhere.id } } });
    expect(pointer.status).toBe(400);
    expect(fieldErrorsOf(pointer.body)).toMatch(/^position\.before: Space .* is not in the target collection/);
    expect(fieldErrorsOf((await admin.post(path, { position: { after: { type: "page", page: "x" } } })).body)).toMatch(/^position\.after/);
    const foreign = await collection(stranger, tenant.otherOrganization.id);
    expect(fieldErrorsOf((await admin.post(path, { parent: foreign.id })).body)).toBe(`parent: No collection ${foreign.id}`);
    expect(await db().collection.findUniqueOrThrow({ where: { id: top.id } })).toMatchObject({ parentId: null });
  });

  test("401; 404 for another organization; 403 below admin", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const orgId = tenant.organization.id;
    const target = await collection(admin, orgId);
    const moving = await collection(admin, orgId);
    const path = `/v1/collections/${moving.id}/move`;
    expect((await anonymous.post(path, { parent: target.id })).status).toBe(401);
    expect((await stranger.post(path, { parent: null })).status).toBe(404);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.post(path, { parent: target.id })).status).toBe(403);
    expect(await db().collection.findUniqueOrThrow({ where: { id: moving.id } })).toMatchObject({ parentId: null });
  });
});

describe("POST /v1/collections/{collectionId}/transfer", () => {
  test("moves the whole subtree, trashed spaces included, to the end of the target root", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const orgId = tenant.organization.id;
    const target = (await admin.post("/v1/orgs", { title: "Target org" })).body as { id: string };
    const already = await collection(admin, target.id, { title: "Already there" });
    const outer = await collection(admin, orgId);
    const top = await collection(admin, orgId, { parent: outer.id });
    const nested = await collection(admin, orgId, { parent: top.id });
    const spaces = [await space(orgId, top.id), await space(orgId, nested.id), await space(orgId, nested.id, { deletedAt: new Date() })];
    const staying = await space(orgId, outer.id);

    const transferred = await admin.post(`/v1/collections/${top.id}/transfer`, { organization: target.id });
    expect(transferred.status).toBe(200);
    expect(transferred.body).toMatchObject({ id: top.id, organization: target.id, permissions: { admin: true } });
    expect(transferred.body.parent).toBeUndefined();
    expect(await childOrder(target.id, null)).toEqual([`collection:${already.id}`, `collection:${top.id}`]);
    expect(await db().collection.findUniqueOrThrow({ where: { id: nested.id } })).toMatchObject({ organizationId: target.id, parentId: top.id });
    for (const s of spaces) expect((await db().space.findUniqueOrThrow({ where: { id: s.id } })).organizationId).toBe(target.id);
    expect((await db().space.findUniqueOrThrow({ where: { id: staying.id } })).organizationId).toBe(orgId);
    const remaining = await admin.get(`/v1/orgs/${orgId}/collections`);
    expect(remaining.body.items.map((item: { id: string }) => item.id)).toEqual([outer.id]);
  });

  test("409 into the same organization; 404 into an organization the caller is not in; 403 as a non-admin there", async () => {
    const tenant = await createTenant();
    const { admin } = setup(tenant);
    const created = await collection(admin, tenant.organization.id);
    const path = `/v1/collections/${created.id}/transfer`;
    const same = await admin.post(path, { organization: tenant.organization.id });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/change nothing/);
    expect((await admin.post(path, { organization: tenant.otherOrganization.id })).status).toBe(404);
    await db().member.create({ data: { organizationId: tenant.otherOrganization.id, userId: tenant.admin.user.id, role: "create" } });
    expect((await admin.post(path, { organization: tenant.otherOrganization.id })).status).toBe(403);
    expect((await db().collection.findUniqueOrThrow({ where: { id: created.id } })).organizationId).toBe(tenant.organization.id);
  });

  test("400 names the field; 401; 404 for another organization's collection; 403 below admin", async () => {
    const tenant = await createTenant();
    const { admin, stranger, anonymous } = setup(tenant);
    const created = await collection(admin, tenant.organization.id);
    const path = `/v1/collections/${created.id}/transfer`;
    expect(fieldErrorsOf((await admin.post(path, {})).body)).toMatch(/^organization: /);
    expect((await anonymous.post(path, { organization: tenant.otherOrganization.id })).status).toBe(401);
    expect((await stranger.post(path, { organization: tenant.otherOrganization.id })).status).toBe(404);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.post(path, { organization: tenant.otherOrganization.id })).status).toBe(403);
  });
});
