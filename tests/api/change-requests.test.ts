import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
  return { tenant, admin, space, base: `/v1/spaces/${space.id}/change-requests` };
}

describe("change requests", () => {
  test("create answers a draft on the current revision, numbered per space, readable by id and number", async () => {
    const { admin, space, base } = await setup();
    const first = await admin.post(base, { subject: "Fix typos" });
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(first.body.urls.location);
    expect(first.body).toMatchObject({
      object: "change-request",
      number: 1,
      status: "draft",
      subject: "Fix typos",
      space: space.id,
      revision: space.revision,
      revisionInitial: space.revision,
      outdated: false,
    });
    const second = await admin.post(base);
    expect(second.body).toMatchObject({ number: 2, subject: "" });
    expect((await admin.get(`${base}/${first.body.id}`)).body.id).toBe(first.body.id);
    expect((await admin.get(`${base}/2`)).body.id).toBe(second.body.id);
    expect((await admin.get(`${base}/3`)).status).toBe(404);
    expect((await admin.get(`/v1/spaces/${space.id}`)).body).toMatchObject({ changeRequests: 2, changeRequestsDraft: 2, changeRequestsOpen: 0 });
  });

  test("50 concurrent creations get 50 distinct numbers, and the space's counts match", async () => {
    const { admin, space, base } = await setup();
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => admin.post(base, { subject: `CR ${i}` })));
    expect(created.every((response) => response.status === 201)).toBe(true);
    const numbers = created.map((response) => response.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await admin.get(`/v1/spaces/${space.id}`)).body).toMatchObject({ changeRequests: 50, changeRequestsDraft: 50 });
  });

  test("status changes move the space's counts; the list filters by status (open by default) and pages", async () => {
    const { admin, space, base } = await setup();
    const [a, b, c] = await Promise.all([admin.post(base, { subject: "a" }), admin.post(base, { subject: "b" }), admin.post(base, { subject: "c" })]);
    expect((await admin.patch(`${base}/${a.body.number}`, { status: "open" })).body.status).toBe("open");
    await admin.patch(`${base}/${b.body.id}`, { status: "open", subject: "b renamed" });
    await admin.patch(`${base}/${c.body.id}`, { status: "archived" });
    expect((await admin.get(`/v1/spaces/${space.id}`)).body).toMatchObject({ changeRequests: 3, changeRequestsOpen: 2, changeRequestsDraft: 0 });

    const open = await admin.get(`${base}?limit=1`);
    expect(open.body.count).toBe(2);
    expect(open.body.items).toHaveLength(1);
    const rest = await admin.get(`${base}?limit=1&page=${open.body.next.page}`);
    expect([...open.body.items, ...rest.body.items].map((cr: { subject: string }) => cr.subject).sort()).toEqual(["a", "b renamed"]);
    expect((await admin.get(`${base}?status=archived`)).body.items.map((cr: { id: string }) => cr.id)).toEqual([c.body.id]);
    expect((await admin.get(`${base}?status=draft`)).body.items).toEqual([]);
  });

  test("400 names the field; 401; 404 across tenants; 403 below the edit role and on a locked space", async () => {
    const { tenant, admin, space, base } = await setup();
    const tooLong = await admin.post(base, { subject: "x".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(fieldErrorsOf(tooLong.body)).toMatch(/^subject: /);
    expect(fieldErrorsOf((await admin.get(`${base}?status=closed`)).body)).toMatch(/^status: /);
    const created = (await admin.post(base)).body;
    expect((await admin.patch(`${base}/${created.id}`, { status: "merged" })).status).toBe(400);

    expect((await apiClient(server.url).get(base)).status).toBe(401);
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(base)).status).toBe(404);
    expect((await stranger.post(base)).status).toBe(404);
    expect((await stranger.get(`${base}/${created.id}`)).status).toBe(404);
    expect((await stranger.patch(`${base}/${created.id}`, { subject: "hijack" })).status).toBe(404);

    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.get(`${base}/${created.id}`)).status).toBe(200);
    expect((await reader.post(base)).status).toBe(403);
    expect((await reader.patch(`${base}/${created.id}`, { subject: "nope" })).status).toBe(403);

    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    const locked = await admin.post(base);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
  });
});

describe("what a change request's permissions say is what the server allows", () => {
  test("its author, demoted to read, is refused what its permissions deny: subject, status, update from main, content", async () => {
    const { tenant, admin, base } = await setup();
    const author = await tenant.member("edit");
    const asAuthor = apiClient(server.url, author.token);
    const created = await asAuthor.post(base, { subject: "Mine" });
    expect(created.body.permissions).toEqual({ view: true, edit: true, editContent: true, update: true, merge: false, comment: true, review: false, requestReviewers: true });

    await db().member.update({ where: { organizationId_userId: { organizationId: tenant.organization.id, userId: author.user.id } }, data: { role: "read" } });
    const seen = await asAuthor.get(`${base}/${created.body.id}`);
    expect(seen.body.permissions).toEqual({ view: true, edit: false, editContent: false, update: false, merge: false, comment: false, review: false, requestReviewers: false });
    expect((await asAuthor.patch(`${base}/${created.body.id}`, { subject: "Still mine?" })).status).toBe(403);
    expect((await asAuthor.patch(`${base}/${created.body.id}`, { status: "open" })).status).toBe(403);
    expect((await asAuthor.post(`${base}/${created.body.id}/update`)).status).toBe(403);
    const content = await asAuthor.post(`${base}/${created.body.id}/content`, { changes: [{ operation: "insert_page", title: "New", document: { markdown: "x" } }] });
    expect(content.status).toBe(403);
    expect((await admin.get(`${base}/${created.body.id}`)).body.subject).toBe("Mine");
  });

  test("on a locked space nobody updates a change request from main, the admin included, and its permissions say so", async () => {
    const { admin, space, base } = await setup();
    const created = await admin.post(base, { subject: "Before the lock" });
    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    const seen = await admin.get(`${base}/${created.body.id}`);
    expect(seen.body.permissions).toMatchObject({ edit: false, editContent: false, update: false, merge: false });
    const revision = seen.body.revision;
    const updated = await admin.post(`${base}/${created.body.id}/update`);
    expect(updated.status).toBe(403);
    expect(updated.body.error.message).toMatch(/locked/);
    expect((await admin.get(`${base}/${created.body.id}`)).body.revision).toBe(revision);
  });
});
