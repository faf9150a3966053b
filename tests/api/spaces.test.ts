import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { listDeletedSpaces } from "../../server/spaces/queries";
import { assertConformsToSchema } from "../helpers/conformance";
import { commitPages, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const tooLongId = "x".repeat(65);

type Api = ReturnType<typeof apiClient>;

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const stranger = apiClient(server.url, tenant.stranger.token);
  const reader = apiClient(server.url, (await tenant.member("read")).token);
  const anonymous = apiClient(server.url);
  return { tenant, admin, stranger, reader, anonymous, orgId: tenant.organization.id };
}

async function newSpace(api: Api, organizationId: string, body: Record<string, unknown> = {}) {
  const created = await api.post(`/v1/orgs/${organizationId}/spaces`, body);
  expect(created.status).toBe(201);
  return created.body as { id: string; title: string; revision: string; parent?: string };
}

/** Collections are created in the database: these tests are about spaces. */
async function newCollection(organizationId: string, overrides: { parentId?: string; defaultLevel?: string | null } = {}) {
  return db().collection.create({ data: { id: newId(), organizationId, title: "Collection", sortKey: 1000, ...overrides } });
}

/** Children of a parent in display order (the shared order of collections and spaces). */
async function rootSpaceOrder(organizationId: string): Promise<string[]> {
  const spaces = await db().space.findMany({ where: { organizationId, parentId: null, deletedAt: null }, orderBy: [{ sortKey: "asc" }, { id: "asc" }] });
  return spaces.map((space) => space.id);
}

describe("POST /v1/orgs/{organizationId}/spaces (createSpace)", () => {
  test("creates a space at the end of the root with an Introduction page; 201 with Location", async () => {
    const { admin, orgId } = await setup();
    const created = await admin.post(`/v1/orgs/${orgId}/spaces`, {});
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({ object: "space", title: "Untitled", organization: orgId, visibility: "private", editMode: "live" });
    expect(created.body.permissions.admin).toBe(true);
    const pages = await pagesOf(created.body.revision);
    expect(pages.map((page) => [page.title, page.slug, page.markdown])).toEqual([["Introduction", "introduction", ""]]);

    const second = await newSpace(admin, orgId, { title: "Handbook", emoji: "📚", language: "fr", editMode: "locked" });
    expect(second).toMatchObject({ title: "Handbook", emoji: "📚", language: "fr", editMode: "locked" });
    expect(await rootSpaceOrder(orgId)).toEqual([created.body.id, second.id]);
  });

  test("empty: true creates no page; parent places it in a collection", async () => {
    const { admin, orgId } = await setup();
    const collection = await newCollection(orgId);
    const space = await newSpace(admin, orgId, { title: "Empty", empty: true, parent: collection.id });
    expect(space.parent).toBe(collection.id);
    expect(space.revision).not.toBe("");
    expect(await pagesOf(space.revision)).toEqual([]);
  });

  test("400 names the field and the bound", async () => {
    const { admin, orgId, tenant } = await setup();
    const path = `/v1/orgs/${orgId}/spaces`;
    const tooLong = await admin.post(path, { title: "x".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(fieldErrorsOf(tooLong.body)).toMatch(/^title: .*50/);
    expect(fieldErrorsOf((await admin.post(path, { language: "xx" })).body)).toMatch(/^language: /);
    expect(fieldErrorsOf((await admin.post(path, { emoji: "hello" })).body)).toMatch(/^emoji: /);
    const missing = await admin.post(path, { parent: "nope" });
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toBe("parent: No collection nope");
    // Another organization's collection does not exist from here.
    const foreign = await newCollection(tenant.otherOrganization.id);
    expect(fieldErrorsOf((await admin.post(path, { parent: foreign.id })).body)).toBe(`parent: No collection ${foreign.id}`);
  });

  test("401 without a token, 404 in another organization, 403 without the create role", async () => {
    const { tenant, anonymous, stranger, reader, orgId } = await setup();
    const path = `/v1/orgs/${orgId}/spaces`;
    expect((await anonymous.post(path, {})).status).toBe(401);
    expect((await stranger.post(path, {})).status).toBe(404);
    expect((await reader.post(path, {})).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.post(path, {})).status).toBe(201);
    // The collection's default level caps the creator's role below create.
    const readOnly = await newCollection(orgId, { defaultLevel: "read" });
    expect((await creator.post(path, { parent: readOnly.id })).status).toBe(403);
  });
});

describe("GET /v1/spaces/{spaceId} and GET /v1/orgs/{organizationId}/spaces", () => {
  test("reads a space; 400, 401 and 404 for another organization", async () => {
    const { admin, stranger, reader, anonymous, orgId } = await setup();
    const space = await newSpace(admin, orgId, { title: "Readable" });
    const read = await reader.get(`/v1/spaces/${space.id}?shareKey=anything`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: space.id, title: "Readable" });
    expect(read.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    const badId = await admin.get(`/v1/spaces/${tooLongId}`);
    expect(badId.status).toBe(400);
    expect(fieldErrorsOf(badId.body)).toMatch(/^spaceId: .*64/);
    expect((await anonymous.get(`/v1/spaces/${space.id}`)).status).toBe(401);
    expect((await stranger.get(`/v1/spaces/${space.id}`)).status).toBe(404);
    expect((await admin.get(`/v1/spaces/${newId()}`)).status).toBe(404);
  });

  test("lists page by page with next.page; 400, 401, 404 for another organization", async () => {
    const { admin, stranger, anonymous, orgId, tenant } = await setup();
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"]) ids.push((await newSpace(admin, orgId, { title })).id);
    await newSpace(apiClient(server.url, tenant.stranger.token), tenant.otherOrganization.id, { title: "Next door" });
    const first = await admin.get(`/v1/orgs/${orgId}/spaces?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 2));
    const second = await admin.get(`/v1/orgs/${orgId}/spaces?limit=2&page=${first.body.next.page}`);
    expect(second.body.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(2));
    expect(second.body.next).toBeUndefined();
    const badLimit = await admin.get(`/v1/orgs/${orgId}/spaces?limit=1001`);
    expect(badLimit.status).toBe(400);
    expect(fieldErrorsOf(badLimit.body)).toMatch(/^limit: .*1000/);
    expect((await anonymous.get(`/v1/orgs/${orgId}/spaces`)).status).toBe(401);
    expect((await stranger.get(`/v1/orgs/${orgId}/spaces`)).status).toBe(404);
  });

  test("defaultLevel null hides a space from a non-admin member, not from an admin", async () => {
    const { admin, reader, orgId } = await setup();
    const hidden = await newSpace(admin, orgId, { title: "Hidden" });
    const visible = await newSpace(admin, orgId, { title: "Visible" });
    expect((await admin.patch(`/v1/spaces/${hidden.id}`, { defaultLevel: null })).body.defaultLevel).toBeNull();
    expect((await reader.get(`/v1/spaces/${hidden.id}`)).status).toBe(404);
    const readerList = await reader.get(`/v1/orgs/${orgId}/spaces`);
    expect(readerList.body.items.map((s: { id: string }) => s.id)).toEqual([visible.id]);
    expect(readerList.body.count).toBe(1);
    expect((await admin.get(`/v1/spaces/${hidden.id}`)).status).toBe(200);
    expect((await admin.get(`/v1/orgs/${orgId}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([hidden.id, visible.id]);
  });
});

describe("PATCH /v1/spaces/{spaceId} (updateSpaceById)", () => {
  test("changes the settings; emoji null removes the emoji", async () => {
    const { admin, orgId } = await setup();
    const collection = await newCollection(orgId);
    const space = await newSpace(admin, orgId, { emoji: "🎉", parent: collection.id });
    const patched = await admin.patch(`/v1/spaces/${space.id}`, {
      title: "Renamed",
      language: "de",
      defaultLevel: "comment",
      visibility: "in-collection",
      emoji: "1f4da",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: "Renamed", language: "de", defaultLevel: "comment", visibility: "in-collection", emoji: "1f4da" });
    const removed = await admin.patch(`/v1/spaces/${space.id}`, { emoji: null });
    expect(removed.body.emoji).toBe("");
    expect((await admin.get(`/v1/spaces/${space.id}`)).body.title).toBe("Renamed");
  });

  test("a locked space stays administrable: its admin can rename and unlock it", async () => {
    const { admin, orgId, tenant } = await setup();
    const space = await newSpace(admin, orgId);
    const locked = await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    expect(locked.body).toMatchObject({ editMode: "locked", permissions: { edit: false, admin: true } });
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.get(`/v1/spaces/${space.id}`)).body.permissions.edit).toBe(false);
    expect((await admin.patch(`/v1/spaces/${space.id}`, { title: "Still mine" })).status).toBe(200);
    const unlocked = await admin.patch(`/v1/spaces/${space.id}`, { editMode: "live" });
    expect(unlocked.body).toMatchObject({ editMode: "live", title: "Still mine", permissions: { edit: true } });
  });

  test("400 names the field and the bound; in-collection needs a collection", async () => {
    const { admin, orgId } = await setup();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}`;
    const tooLong = await admin.patch(path, { title: "x".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(fieldErrorsOf(tooLong.body)).toMatch(/^title: .*50/);
    expect(fieldErrorsOf((await admin.patch(path, { editMode: "frozen" })).body)).toMatch(/^editMode: /);
    expect(fieldErrorsOf((await admin.patch(path, { defaultLevel: "owner" })).body)).toMatch(/^defaultLevel: /);
    const inCollection = await admin.patch(path, { visibility: "in-collection" });
    expect(inCollection.status).toBe(400);
    expect(fieldErrorsOf(inCollection.body)).toMatch(/^visibility: In-collection/);
  });

  test("401, 404 for another organization, 403 below admin", async () => {
    const { admin, stranger, reader, anonymous, orgId, tenant } = await setup();
    const space = await newSpace(admin, orgId, { title: "Mine" });
    const path = `/v1/spaces/${space.id}`;
    expect((await anonymous.patch(path, { title: "x" })).status).toBe(401);
    expect((await stranger.patch(path, { title: "Hijacked" })).status).toBe(404);
    expect((await reader.patch(path, { title: "Nope" })).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.patch(path, { title: "Nope" })).status).toBe(403);
    expect((await admin.get(path)).body.title).toBe("Mine");
  });
});

describe("DELETE /v1/spaces/{spaceId} and POST /v1/spaces/{spaceId}/restore", () => {
  test("delete hides the space (GET 404, absent from lists); restore brings it back", async () => {
    const { admin, orgId } = await setup();
    const space = await newSpace(admin, orgId, { title: "Trashed" });
    const path = `/v1/spaces/${space.id}`;
    expect((await admin.delete(path)).status).toBe(204);
    expect((await admin.get(path)).status).toBe(404);
    expect((await admin.get(`/v1/orgs/${orgId}/spaces`)).body.items).toEqual([]);
    expect((await admin.patch(path, { title: "Ghost" })).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(204);
    const restored = await admin.post(`${path}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: space.id, title: "Trashed" });
    expect(restored.body.deletedAt).toBeUndefined();
    expect((await admin.get(path)).status).toBe(200);
    expect((await admin.get(`/v1/orgs/${orgId}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);
    // Only deleted spaces can be restored.
    expect((await admin.post(`${path}/restore`)).status).toBe(404);
  });

  test("delete answers 204 for absent and other organizations' spaces, and leaves them alone", async () => {
    const { admin, stranger, anonymous, reader, orgId } = await setup();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}`;
    expect((await admin.delete(`/v1/spaces/${newId()}`)).status).toBe(204);
    expect((await stranger.delete(path)).status).toBe(204);
    expect((await anonymous.delete(path)).status).toBe(401);
    expect((await reader.delete(path)).status).toBe(403);
    expect(fieldErrorsOf((await admin.delete(`/v1/spaces/${tooLongId}`)).body)).toMatch(/^spaceId: .*64/);
    expect((await admin.get(path)).status).toBe(200);
  });

  test("restore: 401, 404 for another organization, 403 below admin, 400 for a bad id", async () => {
    const { admin, stranger, anonymous, reader, orgId } = await setup();
    const space = await newSpace(admin, orgId);
    await admin.delete(`/v1/spaces/${space.id}`);
    const path = `/v1/spaces/${space.id}/restore`;
    expect((await anonymous.post(path)).status).toBe(401);
    expect((await stranger.post(path)).status).toBe(404);
    expect((await reader.post(path)).status).toBe(403);
    expect(fieldErrorsOf((await admin.post(`/v1/spaces/${tooLongId}/restore`)).body)).toMatch(/^spaceId: .*64/);
    expect((await admin.post(path)).status).toBe(200);
  });

  test("restore is refused more than 7 days after deletion", async () => {
    const { admin, orgId } = await setup();
    const space = await newSpace(admin, orgId);
    await admin.delete(`/v1/spaces/${space.id}`);
    await db().space.update({ where: { id: space.id }, data: { deletedAt: new Date(Date.now() - 8 * DAY_MS) } });
    const refused = await admin.post(`/v1/spaces/${space.id}/restore`);
    // The purge job (tests/jobs) may remove the space meanwhile: then it is simply gone (404).
    const stillThere = await db().space.findUnique({ where: { id: space.id } });
    if (stillThere) {
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/more than 7 days ago/);
      expect(stillThere.deletedAt).not.toBeNull();
    } else {
      expect([400, 404]).toContain(refused.status);
    }
  });

  test("a space whose collection is gone is restored at the root, no longer in-collection", async () => {
    const { admin, orgId } = await setup();
    const collection = await newCollection(orgId);
    const space = await newSpace(admin, orgId, { parent: collection.id });
    await admin.patch(`/v1/spaces/${space.id}`, { visibility: "in-collection" });
    await admin.delete(`/v1/spaces/${space.id}`);
    await db().collection.delete({ where: { id: collection.id } });
    const restored = await admin.post(`/v1/spaces/${space.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe("private");
  });

  test("the trash lists spaces the caller can restore, with the days left", async () => {
    const { admin, orgId, tenant } = await setup();
    const recent = await newSpace(admin, orgId, { title: "Recent" });
    const old = await newSpace(admin, orgId, { title: "Old" });
    await newSpace(admin, orgId, { title: "Alive" });
    await admin.delete(`/v1/spaces/${recent.id}`);
    await admin.delete(`/v1/spaces/${old.id}`);
    await db().space.update({ where: { id: old.id }, data: { deletedAt: new Date(Date.now() - 8 * DAY_MS) } });
    const trash = await listDeletedSpaces({ actor: { userId: tenant.admin.user.id, via: "session" }}, orgId);
    expect(trash.map((space) => [space.id, space.daysLeft])).toEqual([[recent.id, 7]]);
    const reader = await tenant.member("read");
    expect(await listDeletedSpaces({ actor: { userId: reader.user.id, via: "session" }}, orgId)).toEqual([]);
  });
});

describe("POST /v1/spaces/{spaceId}/duplicate (duplicateSpace)", () => {
  test("copies settings and pages right after the original; 201 with Location", async () => {
    const { admin, orgId } = await setup();
    const original = await newSpace(admin, orgId, { title: "Guide", emoji: "📚", language: "fr" });
    const after = await newSpace(admin, orgId, { title: "After" });
    const [introduction] = await pagesOf(original.revision);
    await commitPages(original.id, [introduction!, { title: "Setup", slug: "setup", markdown: "# Setup\n", sortKey: 2 }]);
    const withSetup = (await admin.get(`/v1/spaces/${original.id}`)).body;
    const copy = await admin.post(`/v1/spaces/${original.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.headers.get("location")).toBe(copy.body.urls.location);
    expect(copy.body).toMatchObject({ title: "Guide (copy)", emoji: "📚", language: "fr", organization: orgId });
    expect(copy.body.id).not.toBe(original.id);
    expect(copy.body.revision).not.toBe(withSetup.revision);
    const summary = async (revisionId: string) => (await pagesOf(revisionId)).map((p) => [p.id, p.title, p.slug, p.markdown]);
    expect(await summary(copy.body.revision)).toEqual(await summary(withSetup.revision));
    expect(await summary(copy.body.revision)).toHaveLength(2);
    expect(await rootSpaceOrder(orgId)).toEqual([original.id, copy.body.id, after.id]);
  });

  test("the copy's title keeps within 50 characters", async () => {
    const { admin, orgId } = await setup();
    const original = await newSpace(admin, orgId, { title: "y".repeat(50) });
    const copy = await admin.post(`/v1/spaces/${original.id}/duplicate`);
    expect(copy.body.title).toBe(`${"y".repeat(43)} (copy)`);
    expect(copy.body.title).toHaveLength(50);
  });

  test("400, 401, 404 for another organization, 403 without the create role", async () => {
    const { admin, stranger, anonymous, reader, orgId, tenant } = await setup();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}/duplicate`;
    expect(fieldErrorsOf((await admin.post(`/v1/spaces/${tooLongId}/duplicate`)).body)).toMatch(/^spaceId: .*64/);
    expect((await anonymous.post(path)).status).toBe(401);
    expect((await stranger.post(path)).status).toBe(404);
    expect((await reader.post(path)).status).toBe(403);
    const creator = apiClient(server.url, (await tenant.member("create")).token);
    expect((await creator.post(path)).status).toBe(201);
  });
});

describe("POST /v1/spaces/{spaceId}/move (moveSpace)", () => {
  test("moves into a collection and back to the root", async () => {
    const { admin, orgId } = await setup();
    const collection = await newCollection(orgId);
    const space = await newSpace(admin, orgId);
    const moved = await admin.post(`/v1/spaces/${space.id}/move`, { parent: collection.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(collection.id);
    const back = await admin.post(`/v1/spaces/${space.id}/move`, { parent: null });
    expect(back.status).toBe(200);
    expect(back.body.parent).toBeUndefined();
  });

  test("reorders among siblings with position; a move that changes nothing is a 400", async () => {
    const { admin, orgId } = await setup();
    const [a, b, c] = [await newSpace(admin, orgId), await newSpace(admin, orgId), await newSpace(admin, orgId)];
    const moved = await admin.post(`/v1/spaces/${c!.id}/move`, { position: { before: { type: "space", space: a!.id } } });
    expect(moved.status).toBe(200);
    expect(await rootSpaceOrder(orgId)).toEqual([c!.id, a!.id, b!.id]);
    expect((await admin.post(`/v1/spaces/${b!.id}/move`, { position: { after: { type: "space", space: c!.id } } })).status).toBe(200);
    expect(await rootSpaceOrder(orgId)).toEqual([c!.id, b!.id, a!.id]);
    // Already right after c, already at the end of the root.
    const noop = await admin.post(`/v1/spaces/${b!.id}/move`, { position: { after: { type: "space", space: c!.id } } });
    expect(noop.status).toBe(400);
    expect((await admin.post(`/v1/spaces/${a!.id}/move`, { parent: null })).status).toBe(400);
    expect(await rootSpaceOrder(orgId)).toEqual([c!.id, b!.id, a!.id]);
  });

  test("400 names the field: empty body, invalid position, other organization's collection", async () => {
    const { admin, orgId, tenant } = await setup();
    const space = await newSpace(admin, orgId);
    const elsewhere = await newSpace(admin, orgId);
    const collection = await newCollection(orgId);
    const path = `/v1/spaces/${space.id}/move`;
    const empty = await admin.post(path, {});
    expect(empty.status).toBe(400);
    expect(fieldErrorsOf(empty.body)).toMatch(/^body: .*parent.*position/);
    const notThere = await admin.post(path, { parent: collection.id, position: { before: { type: "space", space: elsewhere.id } } });
    expect(notThere.status).toBe(400);
    expect(fieldErrorsOf(notThere.body)).toBe(`position.before: Space ${elsewhere.id} is not in the target collection`);
    expect(fieldErrorsOf((await admin.post(path, { position: { after: { type: "space", space: space.id } } })).body)).toMatch(/^position.after: /);
    expect(fieldErrorsOf((await admin.post(path, { position: { before: { type: "page" } } })).body)).toMatch(/^position.before/);
    const foreign = await newCollection(tenant.otherOrganization.id);
    const crossTenant = await admin.post(path, { parent: foreign.id });
    expect(crossTenant.status).toBe(400);
    expect(fieldErrorsOf(crossTenant.body)).toBe(`parent: No collection ${foreign.id}`);
  });

  test("401, 404 for another organization, 403 below admin", async () => {
    const { admin, stranger, anonymous, reader, orgId } = await setup();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}/move`;
    expect((await anonymous.post(path, { parent: null })).status).toBe(401);
    expect((await stranger.post(path, { parent: null })).status).toBe(404);
    expect((await reader.post(path, { parent: null })).status).toBe(403);
  });
});

describe("POST /v1/spaces/{spaceId}/transfer (transferSpace)", () => {
  async function withSecondOrganization() {
    const context = await setup();
    const target = await context.admin.post("/v1/orgs", { title: "Target org" });
    expect(target.status).toBe(201);
    return { ...context, targetId: target.body.id as string };
  }

  test("transfers a space, with its content, to another organization and collection", async () => {
    const { admin, orgId, targetId } = await withSecondOrganization();
    const space = await newSpace(admin, orgId, { title: "Moving out" });
    const collection = await newCollection(targetId);
    const transferred = await admin.post(`/v1/spaces/${space.id}/transfer`, { organization: targetId, parent: collection.id });
    expect(transferred.status).toBe(200);
    assertConformsToSchema("Space", transferred.body);
    expect(transferred.body).toMatchObject({ id: space.id, organization: targetId, parent: collection.id, revision: space.revision });
    expect(await pagesOf(space.revision)).toHaveLength(1);
    expect((await admin.get(`/v1/orgs/${orgId}/spaces`)).body.items).toEqual([]);
    expect((await admin.get(`/v1/orgs/${targetId}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);
    // Within the organization, to its root.
    const toRoot = await admin.post(`/v1/spaces/${space.id}/transfer`, { organization: targetId });
    expect(toRoot.status).toBe(200);
    assertConformsToSchema("Space", toRoot.body);
    expect(toRoot.body.parent).toBeUndefined();
  });

  test("409 when nothing would change; 400 names the field", async () => {
    const { admin, orgId, targetId } = await withSecondOrganization();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}/transfer`;
    const same = await admin.post(path, { organization: orgId });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toMatch(/^transfer would change nothing/);
    const missing = await admin.post(path, {});
    expect(missing.status).toBe(400);
    expect(fieldErrorsOf(missing.body)).toMatch(/^organization: /);
    expect(fieldErrorsOf((await admin.post(path, { organization: "x".repeat(65) })).body)).toMatch(/^organization: .*64/);
    // A collection of the source organization is not in the target.
    const sourceCollection = await newCollection(orgId);
    const wrongParent = await admin.post(path, { organization: targetId, parent: sourceCollection.id });
    expect(wrongParent.status).toBe(400);
    expect(fieldErrorsOf(wrongParent.body)).toBe(`parent: No collection ${sourceCollection.id}`);
  });

  test("401, 404 for another organization's space or a target the caller is not in, 403 below admin", async () => {
    const { admin, stranger, anonymous, reader, orgId, tenant, targetId } = await withSecondOrganization();
    const space = await newSpace(admin, orgId);
    const path = `/v1/spaces/${space.id}/transfer`;
    expect((await anonymous.post(path, { organization: targetId })).status).toBe(401);
    expect((await stranger.post(path, { organization: tenant.otherOrganization.id })).status).toBe(404);
    expect((await reader.post(path, { organization: targetId })).status).toBe(403);
    const notMember = await admin.post(path, { organization: tenant.otherOrganization.id });
    expect(notMember.status).toBe(404);
    await db().member.create({ data: { organizationId: tenant.otherOrganization.id, userId: tenant.admin.user.id, role: "edit" } });
    expect((await admin.post(path, { organization: tenant.otherOrganization.id })).status).toBe(403);
    expect((await admin.get(`/v1/spaces/${space.id}`)).body.organization).toBe(orgId);
  });
});
